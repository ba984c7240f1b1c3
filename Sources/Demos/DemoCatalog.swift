import Foundation

/// Every demo, in gallery order.
public enum DemoCatalog {
    /// The demo types (made on each use: a list of metatypes of a protocol is not Sendable, so no
    /// list is stored for all threads).
    public static var all: [Demo.Type] {
        [
            ImplicitColorDemo.self,
            TransactionDemo.self,
            ViewBackedDemo.self,
            CustomActionDemo.self,
            HitTestDemo.self,
            BouncePathDemo.self,
            BorderGroupDemo.self,
            ExplicitFadeDemo.self,
            ViewBlockMixDemo.self,
            FolderDemo.self,
            AccordionDemo.self,
            PopDemo.self,
            PauseSpeedDemo.self,
            FillModeDemo.self,
            StopEarlyDemo.self,
            ImageSequenceDemo.self,
            BlockedAppDemo.self,
            StressDemo.self,
            ProgressRingDemo.self,
            SnowDemo.self,
            TiledZoomDemo.self,
        ]
    }

    /// The demo with this command-line name, if any.
    public static func named(_ name: String) -> Demo.Type? {
        all.first { $0.name == name.lowercased() }
    }
}
