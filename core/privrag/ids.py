"""Identifiers that name no one: keyed hashes of document ids and content hashes.

A document id is often its file path (``patients/john_smith_referral.pdf``);
LlamaIndex copies it into ``ref_doc_id`` and every relationship, LangChain
into ``Document.id``, and both into the vector store, next to text we took
care to protect. A content hash (LlamaIndex's ``hash``) fingerprints the raw
text: anyone holding a candidate document can confirm it. So every component
replaces both with :func:`safe_id` / :func:`safe_hash` on the way out.

Why a *keyed* hash (HMAC-SHA256), not a plain one: ids are guessable (file
names follow patterns), and an unkeyed hash of a guessable string is a
lookup away from the string. Why deterministic: re-ingesting the same
document must upsert, not duplicate, and the chunks of one document must keep
pointing at the same ``SOURCE`` id. The key is ``$PRIVRAG_ID_KEY`` if set,
else a random key created once in ``privrag.models.cache_dir() / "id_key"``.
Changing or losing the key changes every id: stores see new documents, and
the PA-HDP ledger starts every account afresh.

Random UUIDs (version 4 and 7, canonical form) pass unchanged: they name no
one and LlamaIndex's default node ids stay as they are. Name-based UUIDs
(versions 3 and 5) are unkeyed hashes of a name and are hashed again. An
already-safe id (``pr-`` + 32 hex) passes unchanged, so components can be
chained (redact, then PA-HDP) and a document keeps one id and one ledger account.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import re
import secrets
import threading
import uuid
from pathlib import Path

from privrag.types import PrivacyError

__all__ = ["safe_id", "safe_hash", "is_safe_id", "has_stable_key"]

log = logging.getLogger(__name__)

ENV_KEY = "PRIVRAG_ID_KEY"
PREFIX = "pr-"
_SAFE = re.compile(r"pr-[0-9a-f]{32}")
_RANDOM_UUID_VERSIONS = frozenset({4, 7})
_MIN_KEY_BYTES = 16
_LOCK = threading.RLock()
_FILE_KEYS: dict[str, bytes] = {}
_PROCESS_KEY: bytes | None = None


def _random_uuid(raw: str) -> bool:
    try:
        u = uuid.UUID(raw)
    except ValueError:
        return False
    return str(u) == raw.lower() and u.version in _RANDOM_UUID_VERSIONS


def is_safe_id(raw: str) -> bool:
    """True for values :func:`safe_id` returns unchanged (random UUIDs, ``pr-`` ids)."""
    return bool(_SAFE.fullmatch(raw)) or _random_uuid(raw)


def _process_key(reason: str) -> bytes:
    global _PROCESS_KEY
    with _LOCK:
        if _PROCESS_KEY is not None:
            return _PROCESS_KEY
        log.warning("privrag: %s; ids are hashed with a per-process key and will not be stable "
                    "across runs (set %s to fix this)", reason, ENV_KEY)
        _PROCESS_KEY = secrets.token_bytes(32)
        return _PROCESS_KEY


def _create_key(path: Path) -> bytes:
    """Create ``path`` with a random key, atomically; if another process won, read its key."""
    tmp = path.with_name(f".id_key.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(secrets.token_bytes(32))
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)  # fails if the file exists: never overwrites a key in use
        except FileExistsError:
            pass
    finally:
        tmp.unlink(missing_ok=True)
    return path.read_bytes()


def _file_key() -> bytes:
    from privrag.models import cache_dir

    try:
        path = cache_dir() / "id_key"
    except OSError as exc:
        return _process_key(f"no cache directory for the id key ({exc})")
    with _LOCK:
        if str(path) in _FILE_KEYS:
            return _FILE_KEYS[str(path)]
        try:
            key = path.read_bytes() if path.exists() else _create_key(path)
        except OSError as exc:
            return _process_key(f"cannot create the id key at {path} ({exc})")
        if len(key) < _MIN_KEY_BYTES:
            raise PrivacyError(f"the id key at {path} is too short; delete it to create a new one "
                               f"(ids will change) or set {ENV_KEY}")
        _FILE_KEYS[str(path)] = key
        return key


def _key() -> bytes:
    env = os.environ.get(ENV_KEY)
    return env.encode("utf-8") if env else _file_key()


def has_stable_key() -> bool:
    """False when ids fall back to a per-process key (they will change on restart).

    A persistent store keyed by safe ids (the PA-HDP SQLite ledger) must
    refuse to run then: its accounts would start afresh at every restart.
    """
    if os.environ.get(ENV_KEY):
        return True
    key = _file_key()
    return _PROCESS_KEY is None or key != _PROCESS_KEY


def _keyed(raw: str) -> str:
    return PREFIX + hmac.new(_key(), raw.encode("utf-8"), hashlib.sha256).hexdigest()[:32]


def safe_id(raw: str | None) -> str | None:
    """An id that names no one: ``None``/empty and random UUIDs unchanged, else ``pr-`` + HMAC.

    Deterministic for one key, so the same document keeps its id across runs.
    """
    if not raw:
        return raw
    raw = str(raw)
    return raw if is_safe_id(raw) else _keyed(raw)


def safe_hash(raw_hash: str | None) -> str | None:
    """A content hash that fingerprints nothing: the same keyed hash as :func:`safe_id`.

    A plain hash of the raw text lets anyone with a candidate text confirm it;
    the keyed one still changes whenever the raw content does.
    """
    if not raw_hash:
        return raw_hash
    raw_hash = str(raw_hash)
    return raw_hash if _SAFE.fullmatch(raw_hash) else _keyed(raw_hash)
