/// An optional JSON field that is always present, `null` when there is no value (synthesized `Encodable` leaves a
/// nil optional out). `@Nullable var hint: String?` in an output struct; the memberwise initializer takes the optional.
@propertyWrapper
struct Nullable<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
