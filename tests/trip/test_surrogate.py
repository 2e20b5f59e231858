"""f_priv: persistence, the public API PA-HDP relies on, the shipped head."""

from __future__ import annotations

import numpy as np
import pytest

from privrag.trip import PrivacySurrogate, load_default_surrogate
from tests.trip.conftest import HashEmbedder, fake_surrogate


def test_scores_are_probabilities_and_mass_is_consistent():
    s = fake_surrogate()
    emb = HashEmbedder().embed(["John Murray of Leeds", "the weather was mild"])
    f = s.score_embeddings(emb)
    assert f.shape == (2,) and np.all((0 <= f) & (f <= 1))
    assert np.allclose(f, 1 - np.exp(-s.risk_mass(emb)))
    assert f[0] > f[1]
    assert np.allclose(s.score_texts(["John Murray of Leeds"], HashEmbedder()), f[:1])
    assert s.score_texts([], HashEmbedder()).shape == (0,)


def test_save_load_round_trip(tmp_path):
    s = fake_surrogate()
    s.meta["note"] = "x"
    back = PrivacySurrogate.load(s.save(tmp_path / "s.npz"))
    emb = HashEmbedder().embed(["Anna Weber wrote in 2003"])
    assert np.allclose(back.score_embeddings(emb), s.score_embeddings(emb))
    assert back.meta == s.meta


def test_wrong_dimension_is_rejected():
    with pytest.raises(ValueError):
        fake_surrogate().risk_mass(np.zeros((1, 10)))


def test_shipped_surrogate_is_small_and_was_checked_on_dev():
    s = load_default_surrogate()
    assert s.dim == 384
    assert s.token_head is not None
    ranking = s.meta["dev_ranking"]
    assert ranking["n_entities"] > 0
    # the shipped head was checked on TAB dev: S_priv ranks DIRECT > QUASI > NO_MASK
    assert ranking["auc_direct_vs_quasi"] > 0.5 and ranking["auc_quasi_vs_nomask"] > 0.5
    assert ranking["spearman"] > 0


@pytest.mark.integration
def test_shipped_surrogate_reads_real_embeddings(embedder):
    s = load_default_surrogate()
    texts = ["Mr Osman Erden, born in 1961, lives in Ankara (application no. 28045/02).",
             "A person, born in a date, lives in a location (application no. an identification number)."]
    f = s.score_texts(texts, embedder)
    assert np.all((0 <= f) & (f <= 1))
    assert f[0] > f[1]


def test_token_head_sums_token_risk_and_keeps_input_order(tmp_path):
    from tests.trip.conftest import TokenHashEmbedder, fake_token_head

    s = fake_surrogate()
    s.token_head = fake_token_head()
    emb = TokenHashEmbedder()
    texts = ["John Murray of Leeds", "the weather was mild", "Anna", "a b c d e f g"]
    assert s.uses_tokens(emb) and not s.uses_tokens(HashEmbedder())
    sent, mass = s.encode(texts, emb)
    assert np.allclose(sent, HashEmbedder().embed(texts))
    assert mass[0] > mass[2] > mass[1] and mass[3] < mass[2]
    assert np.allclose(s.score_texts(texts, emb), 1 - np.exp(-mass))
    back = PrivacySurrogate.load(s.save(tmp_path / "t.npz"))
    assert back.token_head is not None
    assert np.allclose(back.encode(texts, emb)[1], mass)
    assert s.encode([], emb)[0].shape == (0, 384)


@pytest.mark.integration
@pytest.mark.data
def test_s_priv_ranks_direct_above_no_mask_on_dev_docs(require_data, embedder):
    from privrag.eval.datasets import load_tab
    from privrag.trip.train_tokens import entity_ranking

    rank = entity_ranking(load_default_surrogate(), load_tab("dev", require_data)[:3], embedder)
    assert set(rank) == {"sentence", "tokens_variants", "tokens_pooled"}
    assert rank["tokens_pooled"]["auc_direct_vs_nomask"] > 0.5


@pytest.mark.integration
def test_token_pass_matches_the_sentence_embeddings(embedder):
    texts = ["Mr Osman Erden lives in Ankara.", "short", "word " * 400]
    sent = np.vstack([s for s, _, _ in embedder.iter_token_embeddings(texts, batch_size=2)])
    assert np.allclose(sent, embedder.embed(texts), atol=1e-5)
    emb, mass, risks = load_default_surrogate().encode_with_token_risk(texts, embedder, keep={0, 2})
    assert np.allclose(emb, embedder.embed(texts), atol=1e-5)
    assert set(risks) == {0, 2} and len(risks[2]) == embedder.max_seq_length
    assert np.isclose(risks[0].sum(), mass[0])
