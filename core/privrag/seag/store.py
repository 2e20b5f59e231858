"""Opt-in conversation store: stable aliases across turns, encrypted at rest.

Without a store, a table lives for one request and is gone. A chat needs
more: if "John Jordan" was "Mike Cruz" in turn one, the generator's earlier
answers (in the history it receives) say "Mike Cruz", so turn two must use
the same alias. The store keeps each conversation's table — which contains
the originals — encrypted with the user's Fernet key, in memory or in a
directory. File names are hashes, so not even conversation ids are readable
on disk; each record names its conversation inside the ciphertext, so a
record copied to another conversation is refused. One lock per
conversation serialises concurrent turns of the same conversation while
other conversations proceed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path

from privrag.seag.table import AliasTable
from privrag.types import PrivacyError

__all__ = ["ConversationStore"]


class ConversationStore:
    """Per-conversation alias tables, Fernet-encrypted.

    Key init args:
        key: a Fernet key (``ConversationStore.generate_key()``); the user's
            secret — privrag never stores it.
        path: directory for encrypted records; ``None`` keeps them in memory
            (still encrypted, so a memory dump shows no originals).
    """

    SUFFIX = ".seag"

    def __init__(self, key: bytes | str, path: str | os.PathLike[str] | None = None) -> None:
        try:
            from cryptography.fernet import Fernet
        except ImportError as exc:  # pragma: no cover - core dependency
            raise ImportError("the conversation store needs `pip install cryptography`") from exc
        try:
            self._fernet = Fernet(key)
        except (ValueError, TypeError) as exc:
            raise ValueError("key must be a url-safe base64 32-byte Fernet key") from exc
        self.path = Path(path) if path is not None else None
        if self.path is not None:
            try:
                self.path.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise PrivacyError("the conversation store directory cannot be created") from exc
        self._memory: dict[str, bytes] = {}
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()

    @staticmethod
    def generate_key() -> bytes:
        from cryptography.fernet import Fernet

        return Fernet.generate_key()

    # -- locking ---------------------------------------------------------------
    def _lock(self, conversation_id: str) -> threading.RLock:
        with self._guard:
            return self._locks.setdefault(conversation_id, threading.RLock())

    @contextlib.contextmanager
    def locked(self, conversation_id: str) -> Iterator[None]:
        """Hold the conversation's lock (read–extend–write one turn atomically)."""
        lock = self._lock(conversation_id)
        with lock:
            yield

    # -- records -----------------------------------------------------------------
    @staticmethod
    def _digest(conversation_id: str) -> str:
        return hashlib.sha256(conversation_id.encode("utf-8")).hexdigest()

    def _file(self, conversation_id: str) -> Path:
        assert self.path is not None
        return self.path / f"{self._digest(conversation_id)}{self.SUFFIX}"

    def _read(self, conversation_id: str) -> bytes | None:
        if self.path is None:
            return self._memory.get(self._digest(conversation_id))
        f = self._file(conversation_id)
        try:
            return f.read_bytes() if f.exists() else None
        except OSError as exc:
            raise PrivacyError("stored alias table cannot be read") from exc

    def _write(self, conversation_id: str, blob: bytes) -> None:
        if self.path is None:
            self._memory[self._digest(conversation_id)] = blob
            return
        f = self._file(conversation_id)
        tmp = f.with_name(f"{f.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "wb") as fh:
                fh.write(blob)
            os.replace(tmp, f)
        except OSError as exc:  # a turn whose table cannot be kept is not sent
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)
            raise PrivacyError("alias table cannot be written to the conversation store") from exc

    def get(self, conversation_id: str) -> AliasTable | None:
        """The stored table, or ``None`` for a new conversation."""
        _check_id(conversation_id)
        with self.locked(conversation_id):
            blob = self._read(conversation_id)
            if blob is None:
                return None
            from cryptography.fernet import InvalidToken

            try:
                payload = json.loads(self._fernet.decrypt(blob))
            except (InvalidToken, ValueError) as exc:
                raise PrivacyError("stored alias table cannot be decrypted with this key") from exc
            if not isinstance(payload, dict) or payload.get("conversation") != conversation_id:
                raise PrivacyError("stored alias table belongs to another conversation")
            try:
                return AliasTable.from_dict(payload["table"])
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise PrivacyError("stored alias table is malformed") from exc

    def put(self, conversation_id: str, table: AliasTable) -> None:
        _check_id(conversation_id)
        try:
            payload = json.dumps({"conversation": conversation_id, "table": table.to_dict()}).encode("utf-8")
        except (TypeError, ValueError) as exc:
            raise PrivacyError("alias table cannot be serialised for the store") from exc
        with self.locked(conversation_id):
            self._write(conversation_id, self._fernet.encrypt(payload))

    def delete(self, conversation_id: str) -> None:
        _check_id(conversation_id)
        with self.locked(conversation_id):
            if self.path is None:
                self._memory.pop(self._digest(conversation_id), None)
                return
            try:
                self._file(conversation_id).unlink(missing_ok=True)
            except OSError as exc:
                raise PrivacyError("stored alias table cannot be deleted") from exc

    def __contains__(self, conversation_id: object) -> bool:
        return isinstance(conversation_id, str) and self._read(conversation_id) is not None


def _check_id(conversation_id: object) -> None:
    if not isinstance(conversation_id, str) or not conversation_id:
        raise ValueError("conversation_id must be a non-empty string")
