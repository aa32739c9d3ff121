import APNsCore
import Testing

/// `JSONValue(parsing:)` reads every kind of value as the kind it is, whatever order the decoder tries them in:
/// the mock's payload check (a JSON object or PayloadEmpty) rests on it.
struct JSONValueTests {
    @Test func everyKindIsReadAsItself() throws {
        let text = #"{"o":{"a":[1,-2,1.5,true,false,null,"s",{},[]]},"n":9223372036854775807,"big":9223372036854775808,"#
            + #""u":"\u00e9\n","neg":-0.25,"t":true,"z":null}"#
        let value = try #require(JSONValue(parsing: Array(text.utf8)))
        let expected: JSONValue = .object([
            "o": .object(["a": .array([.integer(1), .integer(-2), .number(1.5), .bool(true), .bool(false),
                                       .null, .string("s"), .object([:]), .array([])])]),
            "n": .integer(Int64.max),
            "big": .number(9223372036854775808),
            "u": .string("é\n"),
            "neg": .number(-0.25),
            "t": .bool(true),
            "z": .null,
        ])
        #expect(value == expected)
    }

    @Test func scalarsAndArraysAtTheTopAreValuesButNotObjects() {
        #expect(JSONValue(parsing: Array("[1,\"a\"]".utf8)) == .array([.integer(1), .string("a")]))
        #expect(JSONValue(parsing: Array("\"a\"".utf8)) == .string("a"))
        #expect(JSONValue(parsing: Array("7".utf8)) == .integer(7))
        #expect(JSONValue(parsing: Array("true".utf8)) == .bool(true))
        #expect(JSONValue(parsing: Array("null".utf8)) == .null)
        #expect(JSONValue(parsing: Array("[1]".utf8))?.object == nil)
    }

    @Test func malformedTextIsNotJSON() {
        for text in ["", "{", #"{"a":}"#, "{'a':1}", #"{"a":1} x"#, "nul"] {
            #expect(JSONValue(parsing: Array(text.utf8)) == nil, "\(text)")
        }
    }
}
