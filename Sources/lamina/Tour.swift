import ArgumentParser
import Foundation
import QuartzCore

/// `lamina tour`: the main job until the window host exists. Runs the seeds' core scenarios on
/// virtual time and prints what the presentation tree shows.
struct Tour: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tour",
        abstract: "Run the seed articles' animations headless on virtual time and print the presentation values."
    )

    func run() throws {
        print("Lamina \(laminaVersion): the seeds' animations, headless on virtual time (the demos themselves: lamina gallery).")
        CAMediaClock.manualTime = 0
        for scenario in TourScenario.all {
            print("\n== \(scenario.title)")
            scenario.run { line in print("  " + line) }
        }
    }
}

let laminaVersion = "0.1.0"
