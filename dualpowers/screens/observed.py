"""What every session model does for its widget: after each change, hand each observer the
model's new snapshot (the widget's ``draw``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Generic, TypeVar

S = TypeVar("S")


class Observed(ABC, Generic[S]):
    """Observers called with the snapshot ``S`` after every change: a model defines
    :attr:`snapshot` and calls :meth:`_changed` once a change is complete."""

    def __init__(self) -> None:
        self._observers: list[Callable[[S], Any]] = []

    def observe(self, callback: Callable[[S], Any]) -> None:
        """Call ``callback(snapshot)`` after every change."""
        self._observers.append(callback)

    @property
    @abstractmethod
    def snapshot(self) -> S:
        """What the screen shows now."""

    def _changed(self) -> None:
        snap = self.snapshot
        for callback in list(self._observers):
            callback(snap)
