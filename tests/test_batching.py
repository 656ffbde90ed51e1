"""games.store.batching.collection_held: no cyclic collection inside, the collector's state restored after."""
import gc

import pytest

from games.store.batching import collection_held


@pytest.mark.parametrize("enabled", [True, False])
def test_collection_is_held_inside_and_restored_after(enabled):
    (gc.enable if enabled else gc.disable)()
    try:
        with collection_held():
            assert not gc.isenabled()
        assert gc.isenabled() is enabled
        with pytest.raises(RuntimeError), collection_held():
            raise RuntimeError("the sweep failed")
        assert gc.isenabled() is enabled
    finally:
        gc.enable()
