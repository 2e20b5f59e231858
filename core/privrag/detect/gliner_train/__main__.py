"""``python -m privrag.detect.gliner_train``: train and export the shipped GLiNER delta."""

from privrag.detect.gliner_train.train import main

main()
