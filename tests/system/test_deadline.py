from verifier.system.deadline import Deadline


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_timeout_is_the_smaller_of_own_and_left() -> None:
    clock = Clock()
    deadline = Deadline.after(10, clock)
    assert deadline.timeout(3) == 3
    clock.now += 8
    assert deadline.timeout(3) == 2
    clock.now += 5
    assert deadline.timeout(3) == 0
    assert deadline.expired


def test_child_never_outlives_parent() -> None:
    clock = Clock()
    parent = Deadline.after(5, clock)
    assert parent.within(60).at == parent.at
    assert parent.within(1).at == clock.now + 1
