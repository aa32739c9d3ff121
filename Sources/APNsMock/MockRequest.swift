/// One header as received, name lowercased, in arrival order.
public struct MockHeader: Sendable, Equatable, Codable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name.lowercased()
        self.value = value
    }
}

/// An HTTP/2 request as the mock received it: pseudo-headers split out, the rest in order, duplicates kept.
public struct MockRequest: Sendable, Equatable {
    /// `:method`.
    public var method: String
    /// `:path`.
    public var path: String
    /// Every regular header, in order, duplicates included.
    public var headers: [MockHeader]
    /// The body, at most `bodyLimit` bytes of it (see ``bodyLength``).
    public var body: [UInt8]
    /// The full length of the body received, which may exceed `body.count` when the body was too large to keep.
    public var bodyLength: Int

    public init(method: String, path: String, headers: [MockHeader], body: [UInt8], bodyLength: Int? = nil) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        self.bodyLength = bodyLength ?? body.count
    }

    /// The value of header `name`; the first when it is repeated.
    public func header(_ name: String) -> String? {
        header(lowercase: name.lowercased())
    }

    /// The first value of the header named `name`, which must already be lowercase (as HTTP/2 sends names): the
    /// validator's lookups, without lowercasing a literal on every request.
    func header(lowercase name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// The first header name that appears more than once, if any.
    public var duplicatedHeaderName: String? {
        // Pairwise: a request has a dozen headers, and hashing each into a Set cost more than comparing them.
        for index in headers.indices.dropFirst() where headers[..<index].contains(where: { $0.name == headers[index].name }) {
            return headers[index].name
        }
        return nil
    }
}
