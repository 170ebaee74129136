"""Build a tiny NLI model directory on the fly: model.onnx, tokenizer.json, config.json.

The model sums one learned vector per token over the attention mask: "true" pushes toward
entailment, "false" toward contradiction, every other word is neutral (all zeros), so a
text without either word gets a uniform 1/3 each. It exercises loading, tokenising pairs,
windowing, batching and label mapping without any real weights.
"""

from __future__ import annotations

import json
from pathlib import Path

WORDS = (
    "true false the tower opened in 1889 paris this is a filler word claim evidence "
    "was completed eiffel louvre museum 1793"
).split()


def build(
    directory: Path, labels: tuple[str, ...] = ("entailment", "neutral", "contradiction")
) -> Path:
    import numpy as np
    import onnx
    from onnx import TensorProto, helper, numpy_helper
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors

    directory.mkdir(parents=True, exist_ok=True)
    vocab = {"[PAD]": 0, "[UNK]": 1, "[CLS]": 2, "[SEP]": 3}
    for word in WORDS:
        vocab.setdefault(word, len(vocab))
    tok = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tok.normalizer = normalizers.Lowercase()
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", 2), ("[SEP]", 3)],
    )
    tok.save(str(directory / "tokenizer.json"))

    n = len(labels)
    table = np.zeros((len(vocab), n), dtype=np.float32)
    support = next(i for i, name in enumerate(labels) if "entail" in name or name == "supported")
    table[vocab["true"], support] = 8.0
    refute = [i for i, name in enumerate(labels) if "contradict" in name]
    if refute:
        table[vocab["false"], refute[0]] = 8.0
    nodes = [
        helper.make_node("Gather", ["table", "input_ids"], ["vectors"], axis=0),
        helper.make_node("Cast", ["attention_mask"], ["maskf"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["maskf", "axis2"], ["mask3"]),
        helper.make_node("Mul", ["vectors", "mask3"], ["masked"]),
        helper.make_node("ReduceSum", ["masked", "axis1"], ["logits"], keepdims=0),
    ]
    graph = helper.make_graph(
        nodes,
        "tiny-nli",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "seq"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "seq"]),
        ],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", n])],
        initializer=[
            numpy_helper.from_array(table, "table"),
            numpy_helper.from_array(np.array([2], dtype=np.int64), "axis2"),
            numpy_helper.from_array(np.array([1], dtype=np.int64), "axis1"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, str(directory / "model.onnx"))
    (directory / "config.json").write_text(
        json.dumps({"id2label": {str(i): name for i, name in enumerate(labels)}})
    )
    return directory
