#!/usr/bin/env python3
"""W3C Trace Context as OpenTelemetry reads and writes it: the independent implementation the
tracing tests (Tests/NetworkingTests/TracingIntegrationTests.swift) check the library's header
fields against. Needs opentelemetry-api (pinned in httpbin-requirements.txt, installed in the
harness venv); run it with that venv's python.

Reads one JSON object on stdin and writes one on stdout:

  {"extract": [{"traceparent": "00-…", "tracestate": "a=b"}, …],
   "inject": {"trace_id": "<32 hex>", "span_id": "<16 hex>", "sampled": true, "trace_state": "a=b"}}

  {"extracted": [{"valid": true, "trace_id": "<32 hex>", "span_id": "<16 hex>", "sampled": true,
                  "trace_state": "a=b"}, …],
   "injected": {"traceparent": "00-…", "tracestate": "a=b"}}

`extracted` is what TraceContextTextMapPropagator.extract makes of each carrier (a carrier it
rejects is {"valid": false}); `injected` is the carrier its inject writes for the span given.
Exits 3, saying why on stderr, when opentelemetry-api is missing.
"""

import json
import sys

try:
    from opentelemetry import trace
    from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator
    from opentelemetry.trace.span import NonRecordingSpan, SpanContext, TraceFlags, TraceState
except ImportError as error:
    print(
        f"opentelemetry-api is not installed for {sys.executable} ({error}): run "
        "Tests/Harness/httpbin.sh start, which installs Tests/Harness/httpbin-requirements.txt",
        file=sys.stderr,
    )
    sys.exit(3)


def extract(propagator, carrier):
    context = propagator.extract(carrier={k: v for k, v in carrier.items() if v is not None})
    span = trace.get_current_span(context).get_span_context()
    if not span.is_valid:
        return {"valid": False}
    return {
        "valid": True,
        "trace_id": format(span.trace_id, "032x"),
        "span_id": format(span.span_id, "016x"),
        "sampled": span.trace_flags.sampled,
        "trace_state": span.trace_state.to_header() or None,
    }


def inject(propagator, given):
    state = TraceState.from_header([given["trace_state"]]) if given.get("trace_state") else TraceState()
    span = SpanContext(
        trace_id=int(given["trace_id"], 16),
        span_id=int(given["span_id"], 16),
        is_remote=False,
        trace_flags=TraceFlags(TraceFlags.SAMPLED if given.get("sampled") else TraceFlags.DEFAULT),
        trace_state=state,
    )
    carrier = {}
    propagator.inject(carrier, context=trace.set_span_in_context(NonRecordingSpan(span)))
    return carrier


def main():
    request = json.load(sys.stdin)
    propagator = TraceContextTextMapPropagator()
    answer = {"extracted": [extract(propagator, carrier) for carrier in request.get("extract", [])]}
    if "inject" in request:
        answer["injected"] = inject(propagator, request["inject"])
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
