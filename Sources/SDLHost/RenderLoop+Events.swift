import Foundation
import QuartzCore
import CSDL2

extension RenderLoop {
    /// Drains SDL's event queue into the app thread's queue; returns whether any event came.
    @discardableResult
    func pumpEvents() -> Bool {
        var event = SDL_Event()
        var any = false
        while SDL_PollEvent(&event) != 0 { handle(&event); any = true }
        return any
    }

    /// Sleeps until an SDL event arrives (input, or a wake-up from a commit or `stop()`) or `seconds`
    /// pass, then handles what came.
    func waitForEvent(seconds: Double) {
        var event = SDL_Event()
        let ms = Int32(min(max(seconds, 0), 1) * 1000)
        if SDL_WaitEventTimeout(&event, ms) != 0 { handle(&event); pumpEvents() }
    }

    /// Turns one SDL event into input for the app thread (or the render loop's own
    /// state: an uncovered window, the buttons held, the swipe under way).
    func handle(_ e: inout SDL_Event) {
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            shared.post(.quit)
        case SDL_WINDOWEVENT where e.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            let size = CGSize(width: CGFloat(e.window.data1) / scale, height: CGFloat(e.window.data2) / scale)
            shared.withLock { $0.pointSize = size }
            shared.post(.resize(size))
        case SDL_WINDOWEVENT where e.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue):
            // Uncovered: its pixels must be sent again (a window surface keeps no copy on the display).
            state.windowExposed = true
        case SDL_MOUSEBUTTONDOWN:
            let p = CGPoint(x: CGFloat(e.button.x) / scale, y: CGFloat(e.button.y) / scale)
            state.buttonsDown += 1
            state.swipe.down(p)
            shared.post(.mouseDown(p, button: Int(e.button.button)))
        case SDL_MOUSEBUTTONUP:
            let p = CGPoint(x: CGFloat(e.button.x) / scale, y: CGFloat(e.button.y) / scale)
            state.buttonsDown = max(0, state.buttonsDown - 1)
            shared.post(.mouseUp(p, button: Int(e.button.button)))
            if let s = state.swipe.up(p) { shared.post(.swipe(s)) }
        case SDL_MOUSEMOTION:
            shared.post(.mouseMoved(CGPoint(x: CGFloat(e.motion.x) / scale, y: CGFloat(e.motion.y) / scale), dragging: state.buttonsDown > 0))
        case SDL_MOUSEWHEEL:
            shared.post(.wheel(dx: CGFloat(e.wheel.preciseX), dy: CGFloat(e.wheel.preciseY)))
        case SDL_KEYDOWN:
            if let name = SDL_GetKeyName(e.key.keysym.sym) { shared.post(.key(String(cString: name))) }
        case SDL_TEXTINPUT:
            // "?" is a typed character (Shift and a key that differs by layout): it shows the help.
            let text = withUnsafeBytes(of: e.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if text == "?" { shared.post(.key("?")) }
        default:
            // The wake-up event (perhaps with work for this thread) and the rest: nothing else to do but look again.
            if e.type == shared.wakeEventType && e.user.code == WindowShared.mainThreadWorkCode { shared.runMainThreadWork() }
        }
    }
}
