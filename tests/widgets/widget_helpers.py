"""What the widget tests share: the teacher key of their table services (see conftest.py)."""

KEY = "a teacher key for the widget tests"
