"""A bare TLS client for the mock's refusals: no ALPN (or ALPN http/1.1 only), sends BYTES, reads until the server
closes. Prints {"closed": bool, "answer": first line of what came back}.

usage: raw_tls.py PORT CA_PEM none|http1 BYTES   (BYTES with \\r\\n escapes; "" sends nothing)
"""
import json
import socket
import ssl
import sys


def main():
    port, ca, alpn, data = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    context = ssl.create_default_context(cafile=ca)
    if alpn == "http1":
        context.set_alpn_protocols(["http/1.1"])
    received, closed = b"", False
    with socket.create_connection(("127.0.0.1", port), timeout=30) as raw:
        with context.wrap_socket(raw, server_hostname="localhost") as tls:
            if data:
                tls.sendall(data.encode().decode("unicode_escape").encode("latin-1"))
            try:
                while True:
                    chunk = tls.recv(4096)
                    if not chunk:
                        closed = True
                        break
                    received += chunk
            except socket.timeout:
                closed = False
            except (ConnectionResetError, ssl.SSLError):
                closed = True
    print(json.dumps({"closed": closed, "answer": received.split(b"\r\n")[0].decode("latin-1")}))


if __name__ == "__main__":
    main()
