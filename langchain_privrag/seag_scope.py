"""``alias | … | restore`` as one runnable that releases its run's alias table when the run ends.

The LCEL alias step hands its table to the restore step of the same run (keyed
by the enclosing sequence's run id). If a step between them fails, or a stream
is abandoned, the restore step never runs; :class:`SEAGScope` runs the
sequence under a run id of its own and drops that run's table in ``finally``,
so no original outlives a failed run.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, Any

from langchain_core.runnables import Runnable, RunnableConfig
from langchain_core.runnables.base import coerce_to_runnable
from langchain_core.runnables.config import ensure_config, get_config_list

if TYPE_CHECKING:
    from langchain_privrag.seag_lcel import SEAGAliasRunnable

__all__ = ["SEAGScope"]


class SEAGScope(Runnable[Any, Any]):
    """The sequence ``alias | … | restore``: it runs under a run id of its own, so
    whatever happens between the two steps (a model error, a cancelled stream) the
    alias table of that run is released when the run ends.

    Built by ``|`` on a :class:`SEAGAliasRunnable`; further ``|`` extend it.
    """

    def __init__(self, sequence: Runnable[Any, Any], alias: SEAGAliasRunnable) -> None:
        self.sequence = sequence
        self.alias = alias

    @property
    def InputType(self) -> Any:  # noqa: N802 (LangChain's name)
        return self.sequence.InputType

    @property
    def OutputType(self) -> Any:  # noqa: N802
        return self.sequence.OutputType

    def __or__(self, other: Any) -> Runnable[Any, Any]:
        return SEAGScope(self.sequence | other, self.alias)

    def __ror__(self, other: Any) -> Runnable[Any, Any]:
        return SEAGScope(coerce_to_runnable(other) | self.sequence, self.alias)

    def _own(self, config: RunnableConfig | None) -> RunnableConfig:
        config = ensure_config(config)
        return {**config, "run_id": config.get("run_id") or uuid.uuid4()}

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        config = self._own(config)
        try:
            return self.sequence.invoke(input, config, **kwargs)
        finally:
            self.alias.discard(str(config["run_id"]))

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        config = self._own(config)
        try:
            return await self.sequence.ainvoke(input, config, **kwargs)
        finally:
            self.alias.discard(str(config["run_id"]))

    def batch(self, inputs: list[Any], config: RunnableConfig | list[RunnableConfig] | None = None, *,
              return_exceptions: bool = False, **kwargs: Any) -> list[Any]:
        configs = [self._own(c) for c in get_config_list(config, len(inputs))]
        try:
            return self.sequence.batch(inputs, configs, return_exceptions=return_exceptions, **kwargs)
        finally:
            for c in configs:
                self.alias.discard(str(c["run_id"]))

    async def abatch(self, inputs: list[Any], config: RunnableConfig | list[RunnableConfig] | None = None, *,
                     return_exceptions: bool = False, **kwargs: Any) -> list[Any]:
        configs = [self._own(c) for c in get_config_list(config, len(inputs))]
        try:
            return await self.sequence.abatch(inputs, configs, return_exceptions=return_exceptions, **kwargs)
        finally:
            for c in configs:
                self.alias.discard(str(c["run_id"]))

    def stream(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Iterator[Any]:
        config = self._own(config)
        try:
            yield from self.sequence.stream(input, config, **kwargs)
        finally:
            self.alias.discard(str(config["run_id"]))

    async def astream(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> AsyncIterator[Any]:
        config = self._own(config)
        try:
            async for out in self.sequence.astream(input, config, **kwargs):
                yield out
        finally:
            self.alias.discard(str(config["run_id"]))

    def transform(self, input: Iterator[Any], config: RunnableConfig | None = None, **kwargs: Any) -> Iterator[Any]:
        config = self._own(config)
        try:
            yield from self.sequence.transform(input, config, **kwargs)
        finally:
            self.alias.discard(str(config["run_id"]))

    async def atransform(self, input: AsyncIterator[Any], config: RunnableConfig | None = None,
                         **kwargs: Any) -> AsyncIterator[Any]:
        config = self._own(config)
        try:
            async for out in self.sequence.atransform(input, config, **kwargs):
                yield out
        finally:
            self.alias.discard(str(config["run_id"]))
