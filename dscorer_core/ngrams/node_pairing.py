"""Which nodes of two graphs are "the same node": the variable pairing behind the shared layout of
a pair and the choice of matched k-gram occurrences (COUNTER's variable mapping, or equal names)."""

from __future__ import annotations

from collections.abc import Mapping

from .induction import Graph, Node


def node_key(graph: Graph, node: Node) -> tuple[str, ...]:
    """A key that names 'the same node' across two graphs: the variable name, or the constant
    text plus its occurrence number (constants may be one node per occurrence)."""
    if not node.is_constant:
        return ("v", node.name)
    nth = sum(1 for n in graph.nodes[: node.id] if n.is_constant and n.name == node.name)
    return ("c", node.name, str(nth))


def mapped_keys(pred: Graph, gold: Graph,
                mapping: Mapping[str, str] | None) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """node_key of every node of both graphs, with pred variables renamed by ``mapping`` (pred
    variable -> gold variable, e.g. COUNTER's): a mapped pred variable takes its gold partner's key,
    a variable the mapping leaves out gets a key of its own side. ``None``: pair by name."""
    pred_keys = [node_key(pred, n) for n in pred.nodes]
    gold_keys = [node_key(gold, n) for n in gold.nodes]
    if mapping is None:
        return pred_keys, gold_keys
    partners = set(mapping.values())

    def pred_key(key: tuple[str, ...]) -> tuple[str, ...]:
        if key[0] != "v":
            return key
        return ("v", mapping[key[1]]) if key[1] in mapping else ("pred", key[1])

    pred_keys = [pred_key(k) for k in pred_keys]
    gold_keys = [("gold", k[1]) if k[0] == "v" and k[1] not in partners else k for k in gold_keys]
    return pred_keys, gold_keys


def node_pairing(pred: Graph, gold: Graph, mapping: Mapping[str, str] | None = None) -> dict[int, int]:
    """Pred node id -> gold node id of the nodes both graphs have under ``mapping`` (pred variable
    -> gold variable, e.g. COUNTER's; None pairs variables by name), as the layout pairs them."""
    pred_keys, gold_keys = mapped_keys(pred, gold, mapping)
    gold_ids = {key: i for i, key in enumerate(gold_keys)}
    return {i: gold_ids[key] for i, key in enumerate(pred_keys) if key in gold_ids}
