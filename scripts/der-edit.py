#!/usr/bin/env python3
"""Small DER editor for reader fixtures (scripts/make-reader-fixtures.sh). Standard library only.

  der-edit.py tbs CERT.der OUT.der               the TBSCertificate of a certificate, as encoded
  der-edit.py null-params TBS.der OUT.der         the TBSCertificate with ecdsa-with-SHA* given explicit NULL params
  der-edit.py assemble TBS.der SIG.der OUT.der    a certificate from a TBSCertificate and a DER ECDSA signature,
                                                  its outer signatureAlgorithm also with NULL params (Java keytool)
  der-edit.py ber CERT.der OUT.der                the outer SEQUENCE's length in non-minimal long form (BER, not DER)
  der-edit.py merge-p12 A.p12 B.p12 OUT.p12       one PKCS#12 holding the safe contents of two unencrypted,
                                                  MAC-less files (so several private keys)
  der-edit.py ecdsa-raw SIG.der OUT.bin           a DER ECDSA-Sig-Value as JOSE's raw r||s (32 bytes each)
"""
import sys

def read(data, offset=0):
    """(tag, header length, content length) of the element at offset."""
    tag = data[offset]
    first = data[offset + 1]
    if first < 0x80:
        return tag, 2, first
    count = first & 0x7F
    length = int.from_bytes(data[offset + 2:offset + 2 + count], "big")
    return tag, 2 + count, length

def children(data):
    """The elements inside a constructed element's content."""
    out, offset = [], 0
    while offset < len(data):
        _, header, length = read(data, offset)
        out.append(data[offset:offset + header + length])
        offset += header + length
    return out

def content(element):
    _, header, length = read(element)
    return element[header:header + length]

def encode(tag, body):
    n = len(body)
    if n < 0x80:
        return bytes([tag, n]) + body
    size = (n.bit_length() + 7) // 8
    return bytes([tag, 0x80 | size]) + n.to_bytes(size, "big") + body

def with_null(algorithm):
    parts = children(content(algorithm))
    assert parts[0][2:8] == bytes.fromhex("2a8648ce3d04"), "not an ecdsa-with-SHA* algorithm"
    return encode(0x30, parts[0] + b"\x05\x00")

def main(argv):
    command, inputs, out = argv[1], [open(p, "rb").read() for p in argv[2:-1]], argv[-1]
    if command == "tbs":
        result = children(content(inputs[0]))[0]
    elif command == "null-params":
        fields = children(content(inputs[0]))
        index = 2 if fields[0][0] == 0xA0 else 1
        fields[index] = with_null(fields[index])
        result = encode(0x30, b"".join(fields))
    elif command == "assemble":
        tbs, signature = inputs
        fields = children(content(tbs))
        algorithm = fields[2 if fields[0][0] == 0xA0 else 1]
        result = encode(0x30, tbs + algorithm + encode(0x03, b"\x00" + signature))
    elif command == "ber":
        body = content(inputs[0])
        result = bytes([0x30, 0x84]) + len(body).to_bytes(4, "big") + body
    elif command == "merge-p12":
        safes = []
        for p12 in inputs:
            version, auth_safe = children(content(p12))[:2]
            data = content(children(content(children(content(auth_safe))[1]))[0])  # [0] { OCTET STRING }
            safes += children(content(data))
        infos = encode(0x30, b"".join(safes))
        auth_safe = encode(0x30, bytes.fromhex("06092a864886f70d010701") + encode(0xA0, encode(0x04, infos)))
        result = encode(0x30, bytes.fromhex("020103") + auth_safe)
    elif command == "ecdsa-raw":
        r, s = (content(part).lstrip(b"\x00").rjust(32, b"\x00") for part in children(content(inputs[0])))
        result = r + s
    else:
        sys.exit(f"der-edit.py: unknown command {command}")
    open(out, "wb").write(result)

if __name__ == "__main__":
    main(sys.argv)
