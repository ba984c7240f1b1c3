import Foundation

/// Every demo, in gallery order.
public enum DemoCatalog {
    /// The demo types.
    public static let all: [Demo.Type] = [
        ImplicitColorDemo.self,
        BouncePathDemo.self,
        FolderDemo.self,
        AccordionDemo.self,
    ]

    /// The demo with this command-line name, if any.
    public static func named(_ name: String) -> Demo.Type? {
        all.first { $0.name == name.lowercased() }
    }
}
