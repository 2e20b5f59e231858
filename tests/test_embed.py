import numpy as np
import pytest

from privrag.embed import cosine

pytestmark = pytest.mark.integration


def test_embeddings_are_batched_and_normalized(embedder):
    vecs = embedder.embed(["chest pain", "pain in the chest", "tax return deadline"])
    assert vecs.shape == (3, 384) and vecs.dtype == np.float32
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    sims = cosine(vecs, vecs)
    assert sims[0, 1] > sims[0, 2]


def test_empty_batch(embedder):
    assert embedder.embed([]).shape == (0, 384)


def test_model_loaded_once(embedder):
    from privrag.embed import default_embedder

    assert default_embedder() is embedder
