"""Picking a sample of mutants from a seed."""

from __future__ import annotations

import random

from .mutant import Mutant


def select(mutants: list[Mutant], modules: list[str], seed: int, count: int | None,
           per_module: int | None) -> list[Mutant]:
    """Mutation sites picked at random from the seed, one mutant each, spread over the modules.

    Each module's sites are shuffled (from the seed and the module's name) and one of each site's
    mutants is drawn; the modules then take turns, in an order drawn from the seed. So `--count K`
    takes the first K of that sequence and a larger count only adds to a smaller one (a run can be
    extended with --resume), and `--per-module K` takes the first K of each module."""
    sites: dict[str, dict[tuple, list[Mutant]]] = {m: {} for m in modules}
    for m in mutants:
        if m.module in sites:
            sites[m.module].setdefault(m.location(), []).append(m)
    queues: dict[str, list[Mutant]] = {}
    for mod in modules:
        rng = random.Random(f"{seed}:{mod}")
        locs = sorted(sites[mod])
        rng.shuffle(locs)
        queues[mod] = [rng.choice(sites[mod][loc]) for loc in locs]
    if per_module is not None:
        queues = {mod: q[:per_module] for mod, q in queues.items()}
    order = list(modules)
    random.Random(seed).shuffle(order)
    picked: list[Mutant] = []
    limit = None if per_module is not None else (count or 0)
    while any(queues.values()) and (limit is None or len(picked) < limit):
        for mod in order:
            if queues[mod] and (limit is None or len(picked) < limit):
                picked.append(queues[mod].pop(0))
    return picked
