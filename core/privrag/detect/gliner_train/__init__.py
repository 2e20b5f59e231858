"""Training privrag's GLiNER PII model (see :mod:`privrag.detect.gliner_train.train`)."""
