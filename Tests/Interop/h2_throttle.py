"""python-h2 against the mock's stream throttle: what SETTINGS_MAX_CONCURRENT_STREAMS says after each answer.

usage: h2_throttle.py PORT CA_PEM TOKEN DEVICE TOPIC UNKNOWN_DEVICE BURST
One connection, one step at a time: a push to DEVICE (200), one to UNKNOWN_DEVICE (400 BadDeviceToken), another 200,
another 400, then BURST pushes to DEVICE opened at once (every HEADERS before any body) although the server allows
one stream, as a client does that opened them before it read the SETTINGS; then a last push. After each step a
PING, and the step ends with its ACK, so every frame the server wrote before the PING has been read.
Prints one JSON object: {"steps": [[event, ...], ...], "goaway": null or {"error", "last"}}; an event is
"settings N" (SETTINGS_MAX_CONCURRENT_STREAMS N), "S:STATUS" (stream S answered) or "S:reset CODE".
"""
import json
import socket
import ssl
import sys

import h2.config
import h2.connection
import h2.events
import h2.settings


def main():
    port, cafile, token, device, topic, unknown, burst = sys.argv[1:8]
    context = ssl.create_default_context(cafile=cafile)
    context.set_alpn_protocols(["h2"])
    sock = context.wrap_socket(socket.create_connection(("127.0.0.1", int(port))), server_hostname="127.0.0.1")
    sock.settimeout(30)
    conn = h2.connection.H2Connection(config=h2.config.H2Configuration(client_side=True))
    conn.initiate_connection()
    goaway = None

    def headers(stream, to):
        conn.send_headers(stream, [(":method", "POST"), (":scheme", "https"), (":authority", "127.0.0.1"),
                                   (":path", "/3/device/" + to), ("authorization", "bearer " + token),
                                   ("apns-topic", topic), ("apns-push-type", "alert")])

    def step(targets, ignore_limit=False):
        """Opens one stream per target (all HEADERS, then all bodies), PINGs, and reads until the PING's ACK."""
        nonlocal goaway
        if ignore_limit:
            # Act as a client that has not read the lowered limit yet: h2 would refuse to open the streams.
            conn.remote_settings[h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS] = 1000
            conn.remote_settings.acknowledge()
        streams = []
        for to in targets:
            stream = conn.get_next_available_stream_id()
            headers(stream, to)
            streams.append(stream)
        for stream in streams:
            conn.send_data(stream, b'{"aps":{"alert":"hi"}}', end_stream=True)
        marker = ("step%04d" % len(streams)).encode()
        conn.ping(marker)
        sock.sendall(conn.data_to_send())
        events, acked = [], False
        while not acked and goaway is None:
            data = sock.recv(65536)
            if not data:
                break
            for event in conn.receive_data(data):
                if isinstance(event, h2.events.RemoteSettingsChanged):
                    changed = event.changed_settings.get(h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS)
                    if changed is not None:
                        events.append("settings %d" % changed.new_value)
                elif isinstance(event, h2.events.ResponseReceived):
                    events.append("%d:%s" % (event.stream_id, dict(event.headers)[b":status"].decode()))
                elif isinstance(event, h2.events.StreamReset):
                    events.append("%d:reset %d" % (event.stream_id, event.error_code))
                elif isinstance(event, h2.events.PingAckReceived) and event.ping_data == marker:
                    acked = True
                elif isinstance(event, h2.events.ConnectionTerminated):
                    goaway = {"error": int(event.error_code), "last": event.last_stream_id}
            sock.sendall(conn.data_to_send())
        return events

    steps = [step([device]), step([unknown]), step([device]), step([unknown]),
             step([device] * int(burst), ignore_limit=True), step([device])]
    print(json.dumps({"steps": steps, "goaway": goaway}))


if __name__ == "__main__":
    main()
