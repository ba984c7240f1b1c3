import Foundation
import QuartzCore
import CSDL2

extension WindowHost {
    /// Puts a synthetic input event into SDL's queue, so that it travels the same path as real input
    /// (SDL event → host conversion → app thread). Mouse events and keys (by SDL key name).
    public func simulate(_ event: HostEvent) {
        var e = SDL_Event()
        switch event {
        case .mouseDown(let p, let b), .mouseUp(let p, let b):
            let down: Bool = { if case .mouseDown = event { return true } else { return false } }()
            e.type = down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
            e.button.button = UInt8(b)
            e.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
            e.button.x = Int32((p.x * scale).rounded(.down)); e.button.y = Int32((p.y * scale).rounded(.down))
            e.button.windowID = SDL_GetWindowID(window)
        case .mouseMoved(let p, _):
            e.type = SDL_MOUSEMOTION.rawValue
            e.motion.x = Int32((p.x * scale).rounded(.down)); e.motion.y = Int32((p.y * scale).rounded(.down))
            e.motion.windowID = SDL_GetWindowID(window)
        case .key("?"):
            e.type = SDL_TEXTINPUT.rawValue
            withUnsafeMutableBytes(of: &e.text.text) { $0[0] = UInt8(ascii: "?"); $0[1] = 0 }
            e.text.windowID = SDL_GetWindowID(window)
        case .key(let name):
            e.type = SDL_KEYDOWN.rawValue
            e.key.keysym.sym = SDL_GetKeyFromName(name)
            e.key.windowID = SDL_GetWindowID(window)
        case .quit:
            e.type = SDL_QUIT.rawValue
        default:
            return
        }
        SDL_PushEvent(&e)
    }

    /// Drains SDL's event queue into the app thread's queue; returns whether any event came.
    @discardableResult
    func pumpEvents(_ state: inout RenderLoopState) -> Bool {
        var event = SDL_Event()
        var any = false
        while SDL_PollEvent(&event) != 0 { handle(&event, &state); any = true }
        return any
    }

    /// Sleeps until an SDL event arrives (input, or a wake-up from a commit or `stop()`) or `seconds`
    /// pass, then handles what came.
    func waitForEvent(seconds: Double, _ state: inout RenderLoopState) {
        var event = SDL_Event()
        let ms = Int32(min(max(seconds, 0), 1) * 1000)
        if SDL_WaitEventTimeout(&event, ms) != 0 { handle(&event, &state); pumpEvents(&state) }
    }

    /// Render thread: turns one SDL event into input for the app thread (or the render loop's own
    /// state: an uncovered window, the buttons held, the swipe under way).
    func handle(_ e: inout SDL_Event, _ state: inout RenderLoopState) {
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            post(.quit)
        case SDL_WINDOWEVENT where e.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            let size = CGSize(width: CGFloat(e.window.data1) / scale, height: CGFloat(e.window.data2) / scale)
            shared.withLock { $0.pointSize = size }
            post(.resize(size))
        case SDL_WINDOWEVENT where e.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue):
            // Uncovered: its pixels must be sent again (a window surface keeps no copy on the display).
            state.windowExposed = true
        case SDL_MOUSEBUTTONDOWN:
            let p = CGPoint(x: CGFloat(e.button.x) / scale, y: CGFloat(e.button.y) / scale)
            state.buttonsDown += 1
            state.swipe.down(p)
            post(.mouseDown(p, button: Int(e.button.button)))
        case SDL_MOUSEBUTTONUP:
            let p = CGPoint(x: CGFloat(e.button.x) / scale, y: CGFloat(e.button.y) / scale)
            state.buttonsDown = max(0, state.buttonsDown - 1)
            post(.mouseUp(p, button: Int(e.button.button)))
            if let s = state.swipe.up(p) { post(.swipe(s)) }
        case SDL_MOUSEMOTION:
            post(.mouseMoved(CGPoint(x: CGFloat(e.motion.x) / scale, y: CGFloat(e.motion.y) / scale), dragging: state.buttonsDown > 0))
        case SDL_MOUSEWHEEL:
            post(.wheel(dx: CGFloat(e.wheel.preciseX), dy: CGFloat(e.wheel.preciseY)))
        case SDL_KEYDOWN:
            if let name = SDL_GetKeyName(e.key.keysym.sym) { post(.key(String(cString: name))) }
        case SDL_TEXTINPUT:
            // "?" is a typed character (Shift and a key that differs by layout): it shows the help.
            let text = withUnsafeBytes(of: e.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if text == "?" { post(.key("?")) }
        default:
            // The wake-up event (perhaps with work for this thread) and the rest: nothing else to do but look again.
            if e.type == wakeEventType && e.user.code == WindowHost.mainThreadWorkCode { runMainThreadWork() }
        }
    }
}
