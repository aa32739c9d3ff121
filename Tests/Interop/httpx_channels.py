"""httpx (h2, ALPN) against `apnsctl mock serve --channels-port`: every channel management call and broadcast error.

usage: httpx_channels.py PUSH_PORT CHANNELS_PORT CA_PEM KEY_P8 KEY_ID TEAM_ID BUNDLE_ID DISABLED_BUNDLE_ID
Prints one JSON object per scenario: {"name", "status", "reason", "request_id", "channel_id", "http_version", "body"}.
"""
import base64
import json
import sys
import time
import uuid

import httpx
import jwt


def main():
    push_port, channels_port, ca, key_file, key_id, team, bundle, disabled = sys.argv[1:9]
    token = jwt.encode({"iss": team, "iat": int(time.time())}, open(key_file).read(), algorithm="ES256",
                       headers={"kid": key_id})
    auth = {"authorization": f"bearer {token}"}
    manage = f"https://127.0.0.1:{channels_port}/1/apps/{bundle}"
    broadcast = f"https://127.0.0.1:{push_port}/4/broadcasts/apps/{bundle}"
    unknown = base64.b64encode(b"\x05" * 16).decode()
    payload = b'{"aps":{"timestamp":1700000000,"event":"update","content-state":{"n":1}}}'

    with httpx.Client(http2=True, verify=ca, timeout=20) as client:
        def report(name, response):
            body = response.content.decode() if response.content else ""
            reason = response.json().get("reason") if body.startswith("{") and "reason" in body else None
            print(json.dumps({"name": name, "status": response.status_code, "reason": reason,
                              "request_id": response.headers.get("apns-request-id"),
                              "channel_id": response.headers.get("apns-channel-id"),
                              "http_version": response.http_version, "body": body}), flush=True)
            return response

        def bcast(name, headers, content=payload, url=broadcast):
            base = {**auth, "apns-push-type": "liveactivity", "apns-priority": "10", "apns-expiration": "0"}
            return report(name, client.post(url, headers={**base, **headers}, content=content))

        sent_id = str(uuid.uuid4())
        created = report("create", client.post(f"{manage}/channels", headers={**auth, "apns-request-id": sent_id},
                                               json={"message-storage-policy": 1, "push-type": "LiveActivity"}))
        channel = created.headers.get("apns-channel-id", "")
        print(json.dumps({"name": "echo", "sent": sent_id, "got": created.headers.get("apns-request-id")}), flush=True)
        report("list", client.get(f"{manage}/all-channels", headers=auth))
        report("read", client.get(f"{manage}/channels", headers={**auth, "apns-channel-id": channel}))
        bcast("broadcast", {"apns-channel-id": channel})
        report("no-token", client.get(f"{manage}/all-channels"))
        report("missing-channel-id", client.get(f"{manage}/channels", headers=auth))
        report("bad-channel-id", client.get(f"{manage}/channels", headers={**auth, "apns-channel-id": "***"}))
        report("unknown-channel", client.delete(f"{manage}/channels", headers={**auth, "apns-channel-id": unknown}))
        report("body-not-json", client.post(f"{manage}/channels", headers=auth, content=b"nope"))
        report("no-push-type", client.post(f"{manage}/channels", headers=auth, json={"message-storage-policy": 0}))
        report("wrong-push-type", client.post(f"{manage}/channels", headers=auth,
                                              json={"message-storage-policy": 0, "push-type": "Alert"}))
        report("bad-storage", client.post(f"{manage}/channels", headers=auth,
                                          json={"message-storage-policy": 3, "push-type": "LiveActivity"}))
        report("put", client.put(f"{manage}/channels", headers=auth, content=b"{}"))
        report("bad-path", client.get(f"{manage}/nothing", headers=auth))
        report("feature-off", client.get(f"https://127.0.0.1:{channels_port}/1/apps/{disabled}/all-channels",
                                         headers=auth))
        report("topic-mismatch", client.get(f"{manage}/all-channels", headers={**auth, "apns-topic": "com.other.app"}))
        bcast("broadcast-missing-channel-id", {})
        bcast("broadcast-bad-channel-id", {"apns-channel-id": "a"})
        bcast("broadcast-unknown-channel", {"apns-channel-id": unknown})
        bcast("broadcast-alert", {"apns-channel-id": channel, "apns-push-type": "alert"})
        bcast("broadcast-not-json", {"apns-channel-id": channel}, content=b"[]")
        bcast("broadcast-feature-off", {"apns-channel-id": channel},
              url=f"https://127.0.0.1:{push_port}/4/broadcasts/apps/{disabled}")
        report("delete", client.delete(f"{manage}/channels", headers={**auth, "apns-channel-id": channel}))
        report("list-after-delete", client.get(f"{manage}/all-channels", headers=auth))
        # Last: the limit (the server runs with --channel-limit 2; the channel above was deleted).
        for index in range(3):
            report(f"limit-{index}", client.post(f"{manage}/channels", headers=auth,
                                                 json={"message-storage-policy": 0, "push-type": "LiveActivity"}))


if __name__ == "__main__":
    main()
