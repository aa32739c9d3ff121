import SwiftASN1

/// One topic a certificate may send to (`com.example.app`, `com.example.app.voip`, …) and the labels Apple
/// attached to it (`app`, `topic`, `voip`, `complication`, `.voip-ptt`, or anything newer: kept as found).
///
/// JSON: `{"topic": "com.example.app.voip", "labels": ["voip"]}`.
public struct APNsTopic: Codable, Sendable, Hashable {
    /// The `apns-topic` value.
    public var topic: String
    /// Apple's labels for it, in certificate order.
    public var labels: [String]

    /// A topic and its labels.
    public init(topic: String, labels: [String]) {
        self.topic = topic
        self.labels = labels
    }
}

extension APNsTopic {
    /// Decodes the value of extension 1.2.840.113635.100.6.3.6 as DER.
    ///
    /// The value is one SEQUENCE alternating a UTF8String topic with a SEQUENCE of UTF8String labels.
    /// A topic not followed by a label sequence gets no labels. Anything else throws ``TopicsDecodingError``.
    public static func decodeExtension(_ value: ArraySlice<UInt8>) throws -> [APNsTopic] {
        let root: ASN1Node
        do {
            root = try DER.parse(value)
        } catch {
            throw TopicsDecodingError("not valid DER (\(asn1Reason(error)))")
        }
        guard root.identifier == .sequence, case .constructed(let children) = root.content else {
            throw TopicsDecodingError("expected a SEQUENCE, found \(plainTag(root.identifier))")
        }
        var topics = [APNsTopic]()
        for node in children {
            if node.identifier == .sequence {
                guard let last = topics.indices.last, topics[last].labels.isEmpty else {
                    throw TopicsDecodingError("a label list does not follow a topic")
                }
                guard case .constructed(let labels) = node.content else {
                    throw TopicsDecodingError("a label list is not a SEQUENCE")
                }
                topics[last].labels = try labels.map { try string($0, what: "label") }
            } else {
                topics.append(APNsTopic(topic: try string(node, what: "topic"), labels: []))
            }
        }
        return topics
    }

    private static func string(_ node: ASN1Node, what: String) throws -> String {
        do {
            return String(try ASN1UTF8String(derEncoded: node))
        } catch {
            throw TopicsDecodingError("a \(what) is not a UTF8String but \(plainTag(node.identifier))")
        }
    }
}

/// Why extension 1.2.840.113635.100.6.3.6 could not be read.
public struct TopicsDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
