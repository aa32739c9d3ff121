import APNsCore
import APNsModel
import ArgumentParser

extension APNsEnvironment: ExpressibleByArgument {}

/// `--env development|production`, defined once: a verb that works in one APNs environment includes it with
/// `@OptionGroup var environment: EnvironmentOption`. (`key import`'s `--env` also takes `both`: a key's scope, not an
/// environment to work in.)
struct EnvironmentOption: ParsableArguments {
    @Option(name: .customLong("env"), help: ArgumentHelp(
        "The APNs environment: development (the sandbox) or production.", valueName: "ENV"))
    var value: APNsEnvironment?
}
