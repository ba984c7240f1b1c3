import XCTest
@testable import SDLHost

/// Opening the display with retries (issue 12: a busy display failed 3 times in 12 with SDL's
/// offscreen fallback): attempts scripted here, waits recorded instead of slept.
final class DisplayOpeningTests: XCTestCase {
    func open(_ script: [Result<String, WindowHost.HostError>], chosen: String? = nil) -> (result: Result<String, Error>, sleeps: [Double], stops: Int, starts: Int) {
        var sleeps: [Double] = [], stops = 0, starts = 0
        let result = Result<String, Error> {
            try DisplayOpening.open(chosen: chosen, sleep: { sleeps.append($0) }, start: {
                defer { starts += 1 }
                return script[min(starts, script.count - 1)]
            }, stop: { stops += 1 })
        }
        return (result, sleeps, stops, starts)
    }

    func testAFallbackIsUndoneAndTriedAgainUntilTheDisplayAnswers() throws {
        let r = open([.success("offscreen"), .success("offscreen"), .success("x11")])
        XCTAssertEqual(try r.result.get(), "x11")
        XCTAssertEqual(r.sleeps, [0.05, 0.1], "growing waits")
        XCTAssertEqual(r.stops, 2, "each fallback undone")
        XCTAssertEqual(r.starts, 3)
    }

    func testAFailedStartIsTriedAgain() throws {
        let r = open([.failure(.noDisplay("Couldn't open X11 display")), .success("wayland")])
        XCTAssertEqual(try r.result.get(), "wayland")
        XCTAssertEqual(r.sleeps, [0.05])
        XCTAssertEqual(r.stops, 0)
    }

    func testGivingUpNamesTheTriesAndTheDriverOffered() {
        let r = open([.success("dummy")])
        XCTAssertEqual(r.starts, 5)
        XCTAssertEqual(r.sleeps, [0.05, 0.1, 0.2, 0.4])
        XCTAssertEqual(r.stops, 5)
        XCTAssertThrowsError(try r.result.get()) { e in
            XCTAssertEqual("\(e)", "no display (no display answered in 5 tries over 0.75 s; SDL offered its dummy driver)")
        }
    }

    func testAFallbackAskedForByNameIsTaken() throws {
        let r = open([.success("offscreen")], chosen: "OFFSCREEN")
        XCTAssertEqual(try r.result.get(), "offscreen")
        XCTAssertEqual(r.sleeps, [])
        XCTAssertEqual(r.stops, 0)
    }
}
