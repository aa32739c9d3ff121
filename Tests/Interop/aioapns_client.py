"""aioapns 4 against `apnsctl mock serve`: its defaults (no ALPN, HTTP/2 with prior knowledge) plus the mock's CA.

usage: aioapns_client.py PORT CA_PEM token KEY_P8 KEY_ID TEAM_ID TOPIC DEVICE
       aioapns_client.py PORT CA_PEM cert CLIENT_PEM TOPIC DEVICE
Prints one JSON object per scenario: {"name", "status", "reason", "apns_id", "sent_id"}; for "concurrent",
"statuses" counts the answers by status.
"""
import asyncio
import json
import ssl
import sys
import time
import uuid

import jwt
from aioapns import APNs, NotificationRequest, PushType
from aioapns import connection

PAYLOAD = {"aps": {"alert": "hello from aioapns"}}


def point_at_mock(port):
    # The only change to aioapns: where APNs is. Hostname "localhost" is in the mock's certificate.
    connection.APNsDevelopmentClientProtocol.APNS_SERVER = "localhost"
    connection.APNsTLSClientProtocol.APNS_PORT = port


def context(ca):
    return ssl.create_default_context(cafile=ca)  # aioapns's default, trusting the mock's CA; no ALPN set


def report(name, result, sent_id=None):
    print(json.dumps({"name": name, "status": int(result.status), "reason": result.description,
                      "apns_id": result.notification_id, "sent_id": sent_id}), flush=True)


async def send(client, name, device, **fields):
    request = NotificationRequest(device_token=device, message=fields.pop("message", PAYLOAD), **fields)
    report(name, await client.send_notification(request), request.notification_id)


def token_with(header_of):
    """Replaces aioapns's token maker for the next client (each scenario gets its own connection)."""
    connection.JWTAuthorizationHeaderProvider.get_header = lambda self: header_of(self)


async def token_scenarios(port, ca, key_file, key_id, team, topic, device):
    key = open(key_file).read()
    original = connection.JWTAuthorizationHeaderProvider.get_header

    def client():
        return APNs(key=key, key_id=key_id, team_id=team, topic=topic, use_sandbox=True,
                    ssl_context=context(ca), max_connection_attempts=1)

    apns = client()
    await send(apns, "valid", device)
    await send(apns, "unknown-device", "00" * 32)
    await send(apns, "wrong-topic", device, apns_topic="com.example.other")
    await send(apns, "payload-too-large", device, message={"aps": {"alert": "x" * 4100}})
    await send(apns, "bad-priority", device, priority=7)
    await send(apns, "voip-bare-topic", device, push_type=PushType.VOIP)
    await send(apns, "voip-suffixed-topic", device, push_type=PushType.VOIP, apns_topic=topic + ".voip")
    upper = str(uuid.uuid4()).upper()
    await send(apns, "uppercase-apns-id", device, notification_id=upper)
    results = await asyncio.gather(*(apns.send_notification(NotificationRequest(device_token=device, message=PAYLOAD))
                                     for _ in range(1000)))
    counts = {}
    for result in results:
        counts[result.status] = counts.get(result.status, 0) + 1
    print(json.dumps({"name": "concurrent", "statuses": counts,
                      "connections": len(apns.pool.connections)}), flush=True)

    token_with(lambda self: "bearer " + jwt.encode({"iss": team, "iat": int(time.time()) - 7200}, key,
                                                   algorithm="ES256", headers={"kid": key_id}))
    await send(client(), "expired-token", device)
    token_with(lambda self: "bearer " + jwt.encode({"iss": team, "iat": int(time.time())}, "not-the-key" * 3,
                                                   algorithm="HS256", headers={"kid": key_id}))
    await send(client(), "wrong-alg", device)
    connection.JWTAuthorizationHeaderProvider.get_header = original


async def cert_scenarios(port, ca, client_pem, topic, device):
    apns = APNs(client_cert=client_pem, topic=topic, use_sandbox=True, ssl_context=context(ca),
                max_connection_attempts=1)
    await send(apns, "cert-valid", device)
    await send(apns, "cert-topic-not-in-certificate", device, push_type=PushType.VOIP, apns_topic=topic + ".voip")


def main():
    port, ca, mode = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    point_at_mock(port)
    if mode == "token":
        asyncio.run(token_scenarios(port, ca, *sys.argv[4:9]))
    else:
        asyncio.run(cert_scenarios(port, ca, *sys.argv[4:7]))


if __name__ == "__main__":
    main()
