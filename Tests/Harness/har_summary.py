#!/usr/bin/env python3
"""Reads a HAR file with haralyzer, a HAR reader independent of the library, and prints what it
found as one JSON object, for the HAR export tests to assert on:

    har_summary.py FILE.har

    {"version": "1.2", "creator": {...}, "entries": [{"method": ..., "url": ..., "status": ...,
     "statusText": ..., "startTime": ISO 8601, "time": ..., "timings": {...}, "queryString": [...],
     "requestHeaders": [...], "requestText": ..., "responseHeaders": [...], "mimeType": ...,
     "contentSize": ..., "text": ..., "textEncoding": ..., "bodySize": ...}, ...]}

The entries are those of every page haralyzer sees (entries without a page form its "unknown"
page), in the file's order. Exits 3, saying how to install it, when haralyzer is missing (it is
pinned in httpbin-requirements.txt, which httpbin.sh installs into the harness venv); exits 1 when
haralyzer cannot read the file."""
import json
import sys

try:
    from haralyzer import HarParser
except ImportError as error:
    print(
        f"har_summary.py: haralyzer is not installed for {sys.executable} ({error}); "
        "Tests/Harness/httpbin.sh start installs Tests/Harness/httpbin-requirements.txt into the harness venv",
        file=sys.stderr,
    )
    sys.exit(3)


def summary(entry):
    request, response = entry.request, entry.response
    start = entry.startTime
    return {
        "method": request.method,
        "url": entry.url,
        "status": entry.status,
        "statusText": response.statusText,
        "httpVersion": response.httpVersion,
        "startTime": start.isoformat() if start else None,
        "time": entry.time,
        "timings": entry.timings,
        "queryString": request.queryString,
        "requestHeaders": request.headers,
        "requestCookies": request.cookies,
        "requestMimeType": request.mimeType,
        "requestText": request.text,
        "requestBodySize": request.bodySize,
        "responseHeaders": response.headers,
        "responseCookies": response.raw_entry.get("cookies"),
        "mimeType": response.mimeType,
        "contentSize": response.contentSize,
        "text": response.raw_entry["content"].get("text"),
        "textEncoding": response.textEncoding,
        "bodySize": response.bodySize,
        "redirectURL": response.redirectURL,
    }


def main():
    if len(sys.argv) != 2:
        print("usage: har_summary.py FILE.har", file=sys.stderr)
        return 2
    try:
        parser = HarParser.from_file(sys.argv[1])
        entries = [entry for page in parser.pages for entry in page.entries]
        result = {
            "version": parser.version,
            "creator": parser.creator,
            "entries": [summary(entry) for entry in entries],
        }
    except Exception as error:  # haralyzer raises plain KeyError, ValueError…: report any of them
        print(f"har_summary.py: haralyzer cannot read {sys.argv[1]}: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    json.dump(result, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
