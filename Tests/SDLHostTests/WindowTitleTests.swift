import XCTest
import QuartzCore
@testable import SDLHost
import CSDL2

/// `WindowHandle.setTitle(_:)` from another thread reaches the window through the main thread's events (the
/// gallery retitles its window from the app thread when a demo opens).
final class WindowTitleTests: XCTestCase {
    func testATitleSetOnAnotherThreadIsAppliedByTheMainThread() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let host = try WindowHost(title: "first", size: CGSize(width: 80, height: 60))
        host.virtualTime = true
        let done = DispatchSemaphore(value: 0)
        let handle = host.handle
        Thread.detachNewThread { handle.setTitle("second"); done.signal() }
        done.wait()
        XCTAssertEqual(host.title, "first", "not applied off the main thread")
        host.run(frames: 2)
        XCTAssertEqual(host.title, "second")
        XCTAssertEqual(String(cString: SDL_GetWindowTitle(host.window)), "second")
        host.setTitle("third")
        XCTAssertEqual(host.title, "third", "at once on the main thread")
    }

    func testASizeSetOnAnotherThreadResizesTheWindowOnTheMainThread() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let host = try WindowHost(title: "size", size: CGSize(width: 80, height: 60))
        host.virtualTime = true
        let done = DispatchSemaphore(value: 0)
        let handle = host.handle
        Thread.detachNewThread { handle.setContentSize(CGSize(width: 200, height: 120)); done.signal() }
        done.wait()
        host.run(frames: 2)
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(host.window, &w, &h)
        XCTAssertEqual([w, h], [200, 120])
        XCTAssertEqual(host.contentSize, CGSize(width: 200, height: 120))
    }
}
