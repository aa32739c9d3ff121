"""The peer of `apnsctl device check` in Benchmarks/device.sh: httpx (HTTP/2) sending the same requests.

usage: device_check_peer.py TOKENS_FILE CA_PEM JWT_FILE TOPIC PRODUCTION_PORT DEVELOPMENT_PORT CONCURRENCY

One HTTP/2 connection per environment, at most CONCURRENCY requests in flight on each; every token gets the silent
canary in production first and, only on 400 BadDeviceToken, in development: the same requests apnsctl sends.
Prints one JSON object: counts per verdict, requests sent, seconds.
"""
import asyncio
import json
import sys
import time
import uuid

import httpx

PAYLOAD = b'{"aps":{"content-available":1}}'


async def main(tokens_file, ca, jwt_file, topic, production_port, development_port, concurrency):
    tokens = [line.strip() for line in open(tokens_file) if line.strip() and not line.startswith("#")]
    jwt = open(jwt_file).read().strip()
    limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
    counts = {}
    requests = 0
    started = time.monotonic()
    async with httpx.AsyncClient(http2=True, verify=ca, limits=limits, timeout=30) as production, \
            httpx.AsyncClient(http2=True, verify=ca, limits=limits, timeout=30) as development:
        servers = [(production, f"https://127.0.0.1:{production_port}", asyncio.Semaphore(concurrency), "production"),
                   (development, f"https://127.0.0.1:{development_port}", asyncio.Semaphore(concurrency), "development")]

        async def send(server, token):
            nonlocal requests
            client, origin, gate, _ = server
            async with gate:
                requests += 1
                response = await client.post(f"{origin}/3/device/{token}", content=PAYLOAD, headers={
                    "authorization": f"bearer {jwt}", "apns-topic": topic, "apns-push-type": "background",
                    "apns-priority": "5", "apns-expiration": "0", "apns-id": str(uuid.uuid4()),
                    "content-type": "application/json"})
                reason = response.json().get("reason") if response.content else None
                return response.status_code, reason

        async def classify(token):
            for position, server in enumerate(servers):
                status, reason = await send(server, token)
                if status == 200:
                    return server[3]
                if status == 400 and reason == "BadDeviceToken" and position == 0:
                    continue
                return {(400, "BadDeviceToken"): "invalid", (400, "DeviceTokenNotForTopic"): "other_app"}.get(
                    (status, reason), "unregistered" if status == 410 else "inconclusive")

        # Tasks are made as slots free up, so memory stays bounded as apnsctl's does.
        pending = set()
        for token in tokens:
            if len(pending) >= 2 * concurrency:
                done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
                for task in done:
                    counts[task.result()] = counts.get(task.result(), 0) + 1
            pending.add(asyncio.ensure_future(classify(token)))
        for verdict in await asyncio.gather(*pending):
            counts[verdict] = counts.get(verdict, 0) + 1
    print(json.dumps({"counts": counts, "requests": requests, "seconds": time.monotonic() - started}))


if __name__ == "__main__":
    a = sys.argv[1:]
    asyncio.run(main(a[0], a[1], a[2], a[3], int(a[4]), int(a[5]), int(a[6])))
