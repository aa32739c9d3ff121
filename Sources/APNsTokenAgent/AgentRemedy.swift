import APNsCore

/// What to do when the token agent cannot start or run; the CLI words each.
public enum AgentRemedy: Remedy, Equatable {
    /// The agent's output directory could not be made or written.
    case writableOutputDirectory
}
