import signal
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

# A suite started in the background by a script (`python3 -m pytest &`) inherits SIGINT
# ignored, and trunfo then leaves Ctrl-C alone, as it should for such a job; the tests
# that interrupt a command send SIGINT to themselves and expect Ctrl-C's behaviour.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
