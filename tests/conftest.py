import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
SPEC_DIR = HERE.parent.parent / "shared" / "spec"
if SPEC_DIR.is_dir():
    sys.path.insert(0, str(SPEC_DIR))
