/// A local App Store Connect for tests and the demo (`mock asc`): JSON:API over TLS, state in a JSON file,
/// profiles signed by its own CA.
public enum MockAppStoreConnect {}
