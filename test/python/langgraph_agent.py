"""A LangGraph ReAct agent traced by LangSmith's OpenTelemetry export.

Run by test/web/otlp-langsmith-python.test.ts against its scripted model server, with
LANGSMITH_OTEL_ENABLED / LANGSMITH_OTEL_ONLY and OTEL_EXPORTER_OTLP_* set by the test. It makes
two runs on one thread and a third that fails, and prints what the agent did as one JSON line:
each run's messages, or its error.

Usage: python langgraph_agent.py MODEL_BASE_URL THREAD_ID FAILING_THREAD_ID
"""

import json
import sys

from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.tools import tool
from langchain_core.tracers.langchain import wait_for_all_tracers
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.prebuilt import ToolNode, create_react_agent
from opentelemetry import trace

base_url, thread_id, failing_thread_id = sys.argv[1:4]

SYSTEM_PROMPT = "You are a travel assistant. Use the tools."


@tool
def get_weather(city: str) -> str:
    """The weather in a city."""
    return f"Sunny and 22C in {city}"


@tool
def book_table(restaurant: str) -> str:
    """Book a table at a restaurant."""
    raise ValueError(f"{restaurant} is fully booked tonight")


model = ChatOpenAI(model="scripted-agent", base_url=base_url, api_key="not-a-key", max_retries=0)
agent = create_react_agent(
    model,
    ToolNode([get_weather, book_table], handle_tool_errors=True),
    prompt=SYSTEM_PROMPT,
    checkpointer=InMemorySaver(),
    name="travel_agent",
)


def message_record(message):
    record = {"type": message.type, "content": message.content}
    if isinstance(message, AIMessage):
        record["tool_calls"] = [{"id": c["id"], "name": c["name"], "args": c["args"]} for c in message.tool_calls]
        record["model"] = message.response_metadata.get("model_name")
        if message.usage_metadata:
            record["usage"] = {
                "prompt": message.usage_metadata["input_tokens"],
                "completion": message.usage_metadata["output_tokens"],
            }
    if isinstance(message, ToolMessage):
        record["tool_call_id"] = message.tool_call_id
        record["status"] = message.status
    return record


def run(question, thread):
    config = {"configurable": {"thread_id": thread}}
    try:
        state = agent.invoke({"messages": [("user", question)]}, config)
        return {"thread_id": thread, "messages": [message_record(m) for m in state["messages"]]}
    except Exception as error:  # the failing run: the model server has no reply left
        return {"thread_id": thread, "error": f"{type(error).__name__}: {error}"}


runs = [
    run("What is the weather in Paris and in Lyon? Then book a table at Chez Marie.", thread_id),
    run("And in Nice?", thread_id),
    run("What is the weather in Rome?", failing_thread_id),
]

wait_for_all_tracers()
provider = trace.get_tracer_provider()
provider.force_flush()
provider.shutdown()
print(json.dumps({"system": SYSTEM_PROMPT, "runs": runs}))
