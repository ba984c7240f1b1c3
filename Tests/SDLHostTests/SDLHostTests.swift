import XCTest
import SDLHost

final class SDLHostTests: XCTestCase {
    func testLinkedSDLIsVersion2() {
        let parts = SDLHost.linkedSDLVersion.split(separator: ".").compactMap { Int($0) }
        XCTAssertEqual(parts.count, 3)
        XCTAssertEqual(parts.first, 2)
    }
}
