"""SEAG in LangChain: the generator sees consistent aliases, the user sees real names.

    python cookbook/langchain_seag.py

Retrieve fictional clinical notes locally (MiniLM + FAISS), then alias the
question and the retrieved documents — content and metadata — with one
table before a chat model writes the answer, and restore the answer. The
"external" chat model here is the packaged SmolLM2 so the recipe runs
offline; in practice it is any hosted chat model (``ChatOpenAI(...)``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from langchain_community.vectorstores import FAISS  # noqa: E402
from langchain_core.callbacks import BaseCallbackHandler  # noqa: E402
from langchain_core.documents import Document  # noqa: E402
from langchain_core.language_models import BaseChatModel  # noqa: E402
from langchain_core.messages import AIMessage  # noqa: E402
from langchain_core.output_parsers import StrOutputParser  # noqa: E402
from langchain_core.outputs import ChatGeneration, ChatResult  # noqa: E402
from langchain_core.prompts import ChatPromptTemplate  # noqa: E402
from langchain_core.runnables import RunnableLambda, RunnablePassthrough  # noqa: E402

from langchain_privrag import PrivragEmbeddings, SEAGAliasRunnable, SEAGChatModel  # noqa: E402
from privrag.seag import SEAG  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"


class LocalChat(BaseChatModel):
    """Stand-in for a hosted chat model: SmolLM2-135M-Instruct, greedy."""

    max_new_tokens: int = 32

    @property
    def _llm_type(self) -> str:
        return "smollm2-local"

    def _generate(self, messages, stop=None, run_manager=None, **kwargs: Any) -> ChatResult:
        import torch

        from privrag.models import load_causal_lm

        model, tok = load_causal_lm()
        roles = {"human": "user", "ai": "assistant", "system": "system"}
        chat = [{"role": roles.get(m.type, "user"), "content": m.content} for m in messages]
        enc = tok.apply_chat_template(chat, add_generation_prompt=True, return_tensors="pt", return_dict=True)
        with torch.no_grad():
            out = model.generate(**enc, max_new_tokens=self.max_new_tokens, do_sample=False,
                                 pad_token_id=tok.eos_token_id)
        text = tok.decode(out[0, enc["input_ids"].shape[1]:], skip_special_tokens=True).strip()
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])


class ShowWhatTheModelSaw(BaseCallbackHandler):
    """Attached to the inner model: prints exactly what the provider would receive."""

    def on_chat_model_start(self, serialized, messages, **kwargs: Any) -> None:
        for m in messages[0]:
            print(f"  [{m.type}] {m.content}")


# 1. the owner's documents (fictional), with metadata, indexed locally
docs = [
    Document(page_content=p.read_text(encoding="utf-8").strip(), metadata={"source": p.name, "author": "Dr. Maria Lopez"})
    for p in sorted(DATA.glob("note_*.txt"))
]
retriever = FAISS.from_documents(docs, PrivragEmbeddings()).as_retriever(search_kwargs={"k": 2})
question = "Which patient was treated for chest pain, and what medication was started?"

# 2. one SEAG instance: default detector, Faker aliases, a fixed seed for a reproducible printout
seag = SEAG(seed=7, metadata_policy={"source": "drop"})
external = LocalChat(callbacks=[ShowWhatTheModelSaw()])

# 3a. LCEL pieces: question and retrieved documents (content + metadata) share one table
alias = SEAGAliasRunnable(seag)
prompt = ChatPromptTemplate.from_messages(
    [("system", "Answer using only these notes:\n{context}"), ("human", "{question}")]
)


def format_docs(inputs: dict[str, Any]) -> dict[str, Any]:
    notes = "\n".join(f"- {d.page_content} (written by {d.metadata.get('author', '?')})" for d in inputs["context"])
    return {"question": inputs["question"], "context": notes}


chain = (
    {"context": retriever, "question": RunnablePassthrough()}
    | alias
    | RunnableLambda(format_docs)
    | prompt
    | external
    | StrOutputParser()
    | alias.restorer()
)
print("What the external model received:")
answer = chain.invoke(question)
print("\nRestored answer for the user:\n ", answer)

# 3b. or wrap the chat model itself: every call is aliased and restored, also when streaming
private = SEAGChatModel(llm=external, seag=seag)
print("\nWrapped chat model, streamed:")
for chunk in private.stream("In one sentence: why was John Smith seen at St Mary's Hospital in Leeds?"):
    print(chunk.content, end="", flush=True)
print()
