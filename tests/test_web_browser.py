"""End-to-end tests of ``grundy serve``'s page in a real headless Chromium
(selenium 4, Debian's ``/usr/bin/chromium`` and ``/usr/bin/chromedriver``).

The application (:func:`grundy.web.app.create_app`) runs on a uvicorn
server in a background thread for the whole session; one browser is shared
by the tests and each test loads the page afresh. Every wait is an explicit
wait on the page's DOM (``WebDriverWait``), never a sleep.

Covered: analysing ``wheel:9`` (value 1, the hub highlighted as the only
winning move, as the API says); two whole games of ``path:5`` against the
engine (the user plays the hint's winning moves and wins; the engine starts
and the user loses whatever they play); a triangle drawn by clicking (value
0); a bad spec (a one-line error, no traceback); undo in play mode. And
what issue 32 asked of the page: a bad, too large or too slow input clears
the last answer; a stopped search names ``grundy serve --time-limit`` and
shows the outcome it settled; a spinner ticking the seconds; the value
first, every move's value on request (``torus``, ``complete:40``); nothing
names a winning move in play before Hint (Chomp, Nim); "New game" after the
end; grids drawn as read, large graphs legibly; only the controls that
apply to each kind; ``/docs`` rendered by Swagger UI 5.

The tests take the screenshots of the docs (``wheel9.png``,
``path5-won.png``, ``triangle.png``, ``grid3x4.png``, ``too-slow.png`` and
``api-docs.png``) into a temporary folder, so a test run leaves the tree as
it was; ``GRUNDY_SCREENSHOTS=docs/screenshots`` retakes the docs' own.

Skipped without FastAPI, selenium, Chromium or chromedriver, unless the
environment variable ``GRUNDY_REQUIRE_BROWSER=1`` is set (as in CI): then
a missing piece fails the run, so it can never hide as a skip.
"""

from __future__ import annotations

import json
import math
import os
import socket
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

REQUIRE = os.environ.get("GRUNDY_REQUIRE_BROWSER") == "1"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
#: Where the screenshots go: GRUNDY_SCREENSHOTS (docs/screenshots to retake the docs' own), else a
#: temporary folder (a test run must not change tracked files)
SCREENSHOTS = Path(os.environ.get("GRUNDY_SCREENSHOTS") or Path(tempfile.gettempdir()) / "grundy-screenshots")
WAIT = 20  # seconds: the longest any one wait on the page may take


def _import_or_skip(name: str) -> Any:
    """``pytest.importorskip``, turned into a failure under
    ``GRUNDY_REQUIRE_BROWSER=1``."""
    try:
        return pytest.importorskip(name)
    except pytest.skip.Exception as exc:
        if REQUIRE:
            pytest.fail(f"GRUNDY_REQUIRE_BROWSER=1 but the browser tests cannot run: {exc}", pytrace=False)
        raise


_import_or_skip("fastapi")
_import_or_skip("uvicorn")
_import_or_skip("selenium")
_import_or_skip("fastapi_offline")

_missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.is_file()]
if _missing:
    _why = f"browser tests need Chromium and chromedriver: {', '.join(_missing)} missing"
    if REQUIRE:
        pytest.fail(f"GRUNDY_REQUIRE_BROWSER=1 but {_why}", pytrace=False)
    pytest.skip(_why, allow_module_level=True)

import uvicorn
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select, WebDriverWait

from grundy.web.app import create_app


# -- fixtures ---------------------------------------------------------------------------------------
@contextmanager
def _serving(app: Any) -> Iterator[str]:
    """``app`` on a uvicorn server on a free local port; yields its base URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True, name="grundy-uvicorn")
    thread.start()
    deadline = time.monotonic() + 15
    while not srv.started:  # waiting for the server to come up, not for the page
        if not thread.is_alive() or time.monotonic() > deadline:
            srv.should_exit = True
            pytest.fail("the uvicorn server did not start", pytrace=False)
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The application (the default limits) on a free local port; yields its base URL."""
    with _serving(create_app()) as url:
        yield url


#: The time limit of :func:`slow_server`, seconds.
SHORT_LIMIT = 2


@pytest.fixture(scope="session")
def slow_server() -> Iterator[str]:
    """The application with a time limit of :data:`SHORT_LIMIT` seconds."""
    with _serving(create_app(time_limit=SHORT_LIMIT)) as url:
        yield url


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """One headless Chromium for the session (never selenium-manager: the
    driver's path is given)."""
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",
                "--window-size=1280,1000"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = webdriver.ChromeService(executable_path=str(CHROMEDRIVER))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(WAIT)
    try:
        yield driver
    finally:
        driver.quit()


def _load(browser: WebDriver, url: str) -> Iterator[WebDriver]:
    browser.get_log("browser")  # drop what an earlier test left
    browser.get(url + "/")
    wait(browser, lambda d: d.execute_script("return document.body.dataset.ready") == "1", "the page to load")
    yield browser
    errors = [e["message"] for e in browser.get_log("browser")
              if e.get("level") == "SEVERE" and "Failed to load resource" not in e["message"]]
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def page(browser: WebDriver, server: str) -> Iterator[WebDriver]:
    """The page, loaded afresh, its metadata in (``body[data-ready=1]``);
    afterwards, no JavaScript error may have been logged."""
    yield from _load(browser, server)


@pytest.fixture
def slow_page(browser: WebDriver, slow_server: str) -> Iterator[WebDriver]:
    """The page of :func:`slow_server` (a time limit of :data:`SHORT_LIMIT` s)."""
    yield from _load(browser, slow_server)


# -- helpers ----------------------------------------------------------------------------------------
def wait(driver: WebDriver, condition: Callable[[WebDriver], Any], what: str) -> Any:
    """Wait (explicitly) until ``condition`` holds; the error names ``what``
    and the page's message and error lines."""

    def check(d: WebDriver) -> Any:
        return condition(d)

    try:
        return WebDriverWait(driver, WAIT, poll_frequency=0.05).until(check)
    except Exception as exc:
        state = driver.execute_script(
            "return [document.getElementById('message').textContent, document.getElementById('error').textContent]")
        raise AssertionError(f"timed out waiting for {what}; #message={state[0]!r} #error={state[1]!r}") from exc


def api(server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body`` to the API (straight, not through the page)."""
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=WAIT) as response:
        return json.loads(response.read())


def text(driver: WebDriver, element_id: str) -> str:
    """An element's ``textContent`` (also of a hidden element)."""
    return driver.execute_script(f"return document.getElementById({element_id!r}).textContent")


def choose_family(driver: WebDriver, family: str, params: str) -> None:
    driver.find_element(By.ID, "tab-family").click()
    Select(driver.find_element(By.ID, "family")).select_by_value(family)
    box = driver.find_element(By.ID, "params")
    if box.is_enabled():  # a family without parameters (torus) has the box disabled
        box.clear()
        box.send_keys(params)


def choose_first(driver: WebDriver, who: str) -> None:
    Select(driver.find_element(By.ID, "first")).select_by_value(who)


def drawing_moves(driver: WebDriver, css: str = "[data-move]") -> list[WebElement]:
    return driver.find_elements(By.CSS_SELECTOR, f"#drawing svg {css}")


def move_of(element: WebElement) -> dict[str, Any]:
    return json.loads(element.get_attribute("data-move"))


def highlighted(driver: WebDriver) -> list[dict[str, Any]]:
    """The moves of the drawing's elements with class ``winning``."""
    return [move_of(e) for e in drawing_moves(driver, ".winning")]


def same_moves(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> bool:
    key = lambda m: json.dumps(m, sort_keys=True)
    return sorted(map(key, a)) == sorted(map(key, b))


def screenshot(driver: WebDriver, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    driver.execute_script("window.scrollTo(0, 0)")
    assert driver.save_screenshot(str(path)), f"could not write {path}"
    assert path.stat().st_size > 1000
    return path


def message(driver: WebDriver) -> str:
    return text(driver, "message")


def idle(driver: WebDriver) -> bool:
    """No action of the page under way (``body[data-busy]`` unset)."""
    return driver.execute_script("return document.body.dataset.busy === undefined")


def wait_message(driver: WebDriver, test: Callable[[str], bool], what: str) -> str:
    """Wait for the page to be idle with a ``#message`` passing ``test``."""
    return wait(driver, lambda d: (m := message(d)) and test(m) and idle(d) and m, what)


def log(driver: WebDriver) -> list[str]:
    """The moves of the game so far, as listed on the page."""
    return [li.get_attribute("textContent") for li in driver.find_elements(By.CSS_SELECTOR, "#log li")]


def game_over(m: str) -> bool:
    return m.endswith(("You win!", "You lose."))


# -- 1. wheel:9 --------------------------------------------------------------------------------------
def test_wheel9_value_and_winning_move(page: WebDriver, server: str) -> None:
    expected = api(server, "/api/analyze", {"position": "wheel:9"})
    assert expected["value"] == 1 and expected["winning_moves"] == [{"vertex": 0}]

    choose_family(page, "wheel", "9")
    page.find_element(By.ID, "analyze").click()
    wait(page, lambda d: d.find_element(By.ID, "value").get_attribute("data-value") and idle(d), "the value")

    value = page.find_element(By.ID, "value")
    assert "nim-value 1" in value.text
    assert value.get_attribute("data-value") == "1"
    assert page.find_element(By.ID, "status").text.startswith("wheel:9:")
    assert page.find_element(By.ID, "error").is_displayed() is False
    # hidden elements stay hidden: the side to play is asked for partizan rulesets only
    assert not page.find_element(By.ID, "side-label").is_displayed()
    assert not page.find_element(By.ID, "play-buttons").is_displayed()

    svg = page.find_element(By.CSS_SELECTOR, "#drawing svg")
    assert svg.is_displayed() and svg.size["width"] > 100 and svg.size["height"] > 100
    # every vertex and every edge of W_9 can be clicked
    assert len(drawing_moves(page)) == 10 + 18
    # exactly the API's winning moves are highlighted: the hub
    assert highlighted(page) == [{"vertex": 0}]
    assert same_moves(highlighted(page), expected["winning_moves"])
    assert page.find_element(By.ID, "winning").text == "remove vertex 0"
    # the highlighted hub is drawn in another colour than the other vertices
    fills = page.execute_script(
        "return [...document.querySelectorAll('#drawing svg [data-move] circle')]"
        ".map(c => [c.closest('[data-move]').classList.contains('winning'), getComputedStyle(c).fill])")
    win_fill = {f for w, f in fills if w}
    other_fill = {f for w, f in fills if not w}
    assert len(win_fill) == 1 and len(other_fill) == 1 and win_fill != other_fill

    screenshot(page, "wheel9.png")


# -- 2. playing path:5 to the end --------------------------------------------------------------------
def test_path5_won_by_playing_the_hints(page: WebDriver, server: str) -> None:
    analysis = api(server, "/api/analyze", {"position": "path:5"})
    assert analysis["outcome"] == "N" and analysis["value"] != 0  # the player to move wins

    choose_family(page, "path", "5")
    choose_first(page, "me")
    page.find_element(By.ID, "play").click()
    wait_message(page, lambda m: m == "Your move.", "the game to start")
    assert page.find_element(By.ID, "hint").is_displayed()
    # while playing, nothing is highlighted before a hint is asked for
    assert highlighted(page) == []
    assert len(drawing_moves(page)) == 5 + 4

    moves = 0
    while True:
        assert moves < 10, "path:5 takes at most 5 moves by each player"
        page.find_element(By.ID, "hint").click()
        wait_message(page, lambda m: m.startswith("Hint:"), "the hint")
        assert "wins" in message(page), "every position the user meets is an N-position"
        wins = drawing_moves(page, ".winning")
        assert wins, "the hint highlights a winning move"
        # the drawing highlights the moves the table marks as winning
        rows = page.execute_script(
            "return [...document.querySelectorAll('#options tbody tr.wins td:first-child')].map(td => td.textContent)")
        assert len(rows) == len(wins)
        wins[0].click()
        moves += 1
        ended = wait_message(page, lambda m: m.startswith("You played"), "the engine's reply")
        if game_over(ended):
            break
    assert ended.endswith("You win!"), ended
    assert "win" in page.find_element(By.ID, "message").get_attribute("class").split()
    assert page.find_element(By.ID, "status").text == "Game over."
    assert page.find_element(By.ID, "winning").text == "none: no move left"
    # the record of the game: the user's moves, each but the last answered by the engine
    record = log(page)
    assert len(record) == 2 * moves - 1
    assert all(line.startswith("You: " if i % 2 == 0 else "Engine: ") for i, line in enumerate(record)), record
    assert page.find_element(By.ID, "log-box").is_displayed()
    screenshot(page, "path5-won.png")


def test_path5_lost_when_the_engine_starts(page: WebDriver, server: str) -> None:
    choose_family(page, "path", "5")
    choose_first(page, "engine")
    page.find_element(By.ID, "play").click()
    last = wait_message(page, lambda m: m.startswith("The engine played"), "the engine's first move")
    # show the table of moves, to play from its rows this time
    page.find_element(By.CSS_SELECTOR, "#options-box summary").click()

    moves = 0
    while not game_over(last):
        assert moves < 10, "path:5 takes at most 5 moves by each player"
        # the engine moved to a P-position: no move of the user's wins
        assert page.find_elements(By.CSS_SELECTOR, "#options tbody tr") != []
        buttons = page.find_elements(By.CSS_SELECTOR, "#options tbody button.play-move")
        buttons[0].click()
        moves += 1
        previous = last
        last = wait_message(page, lambda m, p=previous: m != p and m.startswith("You played"), "the engine's reply")
    assert moves >= 1
    assert last.endswith("You lose."), last
    record = log(page)
    assert len(record) == 2 * moves + 1 and record[0].startswith("Engine: ") and record[-1].startswith("Engine: ")
    assert "lose" in page.find_element(By.ID, "message").get_attribute("class").split()
    assert page.find_element(By.ID, "status").text == "Game over."


# -- 3. a triangle drawn by clicking --------------------------------------------------------------------
def test_drawn_triangle_has_value_0(page: WebDriver, server: str) -> None:
    triangle = {"vertices": [0, 1, 2], "edges": [[0, 1], [0, 2], [1, 2]]}
    assert api(server, "/api/analyze", {"position": triangle})["value"] == 0

    page.find_element(By.ID, "tab-draw").click()
    canvas = page.find_element(By.ID, "canvas")
    assert canvas.is_displayed()
    page.find_element(By.CSS_SELECTOR, "input[name=draw-mode][value=vertex]").click()
    # offsets from the canvas's centre (360 x 240)
    for dx, dy in ((0, -80), (-100, 70), (100, 70)):
        ActionChains(page).move_to_element_with_offset(canvas, dx, dy).click().perform()
    wait(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#canvas circle[data-vertex]")) == 3,
         "three vertices on the canvas")

    page.find_element(By.CSS_SELECTOR, "input[name=draw-mode][value=edge]").click()
    for a, b in ((0, 1), (1, 2), (2, 0)):
        for v in (a, b):
            page.find_element(By.CSS_SELECTOR, f"#canvas circle[data-vertex='{v}']").click()
    wait(page, lambda d: d.find_element(By.ID, "draw-status").text.startswith("3 vertices, 3 edges"),
         "three edges on the canvas")
    assert len(page.find_elements(By.CSS_SELECTOR, "#canvas line")) == 3

    page.find_element(By.ID, "analyze").click()
    wait(page, lambda d: d.find_element(By.ID, "value").get_attribute("data-value") and idle(d), "the value")
    value = page.find_element(By.ID, "value")
    assert value.get_attribute("data-value") == "0"
    assert "nim-value 0" in value.text
    drawn = [move_of(e) for e in drawing_moves(page)]
    assert sorted(m["vertex"] for m in drawn if "vertex" in m) == [0, 1, 2]
    assert same_moves([m for m in drawn if "edge" in m], [{"edge": e} for e in triangle["edges"]])
    assert highlighted(page) == []  # a P-position: no winning move
    # drawn as it was drawn: vertex 0 above 1 and 2, vertex 1 on the left
    centre = {move_of(e)["vertex"]: (e.rect["x"] + e.rect["width"] / 2, e.rect["y"] + e.rect["height"] / 2)
              for e in drawing_moves(page, "[data-move*=vertex]")}
    assert centre[0][1] < centre[1][1] and centre[0][1] < centre[2][1]
    assert centre[1][0] < centre[0][0] < centre[2][0]
    assert page.find_element(By.ID, "winning").text.startswith("none")
    screenshot(page, "triangle.png")


# -- errors and undo ----------------------------------------------------------------------------------
def test_bad_spec_shows_one_line_error(page: WebDriver, server: str) -> None:
    page.find_element(By.ID, "tab-spec").click()
    box = page.find_element(By.ID, "spec")
    box.send_keys("whee:9")
    page.find_element(By.ID, "analyze").click()
    error = wait(page, lambda d: (e := d.find_element(By.ID, "error")).is_displayed() and e.text and e, "the error")
    line = error.text
    assert "\n" not in line
    assert "whee" in line and "wheel" in line  # the unknown family, and the suggestion
    assert "Traceback" not in page.find_element(By.TAG_NAME, "body").text
    assert page.find_elements(By.CSS_SELECTOR, "#drawing svg") == []
    assert not page.find_element(By.ID, "summary").is_displayed()

    # a good spec afterwards clears the error
    box.clear()
    box.send_keys("wheel:9")
    page.find_element(By.ID, "analyze").click()
    wait(page, lambda d: d.find_element(By.ID, "value").get_attribute("data-value") == "1", "the value")
    assert not page.find_element(By.ID, "error").is_displayed()


def test_undo_in_play_mode(page: WebDriver, server: str) -> None:
    choose_family(page, "path", "5")
    choose_first(page, "me")
    page.find_element(By.ID, "play").click()
    wait_message(page, lambda m: m == "Your move.", "the game to start")
    before_text = text(page, "text")
    before_moves = [move_of(e) for e in drawing_moves(page)]
    assert before_text and len(before_moves) == 9
    assert log(page) == []

    page.find_element(By.ID, "undo").click()  # nothing to undo yet
    wait(page, lambda d: d.find_element(By.ID, "error").text == "nothing to undo", "the undo refusal")

    drawing_moves(page, "[data-move*=vertex]")[0].click()  # remove a leaf: the engine replies
    wait_message(page, lambda m: m.startswith("You played"), "the engine's reply")
    assert text(page, "text") != before_text
    assert len(log(page)) == 2

    page.find_element(By.ID, "undo").click()
    wait_message(page, lambda m: m == "Move taken back.", "the undo")
    assert text(page, "text") == before_text
    assert same_moves([move_of(e) for e in drawing_moves(page)], before_moves)
    assert log(page) == [] and not page.find_element(By.ID, "log-box").is_displayed()
    assert not page.find_element(By.ID, "error").is_displayed()
    # play goes on from the restored position
    drawing_moves(page, "[data-move*=vertex]")[0].click()
    wait_message(page, lambda m: m.startswith("You played"), "the engine's reply after undo")


# -- issue 32: what the page shows ------------------------------------------------------------------
def shown(driver: WebDriver, element_id: str) -> bool:
    return driver.find_element(By.ID, element_id).is_displayed()


def analyze_spec(driver: WebDriver, spec: str) -> None:
    driver.find_element(By.ID, "tab-spec").click()
    box = driver.find_element(By.ID, "spec")
    box.clear()
    box.send_keys(spec)
    driver.find_element(By.ID, "analyze").click()


def wait_value(driver: WebDriver, what: str = "the value") -> str:
    """Wait for the page to be idle with a value shown; return its text."""
    wait(driver, lambda d: idle(d) and d.find_element(By.ID, "value").get_attribute("data-value"), what)
    return driver.find_element(By.ID, "value").text


def wait_error(driver: WebDriver) -> str:
    return wait(driver, lambda d: idle(d) and (e := d.find_element(By.ID, "error")).is_displayed() and e.text,
                "the error")


def nothing_of_the_last_answer(driver: WebDriver) -> None:
    """No drawing, value, explanation, move table, game log or status of an earlier position is shown."""
    assert driver.find_elements(By.CSS_SELECTOR, "#drawing svg") == []
    for element_id in ("why", "options-box", "log-box", "text", "play-buttons", "more-box"):
        assert not shown(driver, element_id), element_id
    assert driver.find_element(By.ID, "status").text == ""


def test_a_bad_input_clears_the_last_answer(page: WebDriver, server: str) -> None:
    choose_family(page, "wheel", "9")
    page.find_element(By.ID, "analyze").click()
    assert "nim-value 1" in wait_value(page)
    drawing_moves(page, "[data-move*=vertex]")[1].click()  # a rim vertex: the game log has a line
    wait_message(page, lambda m: m.startswith("Played"), "the move")
    assert shown(page, "log-box") and page.find_elements(By.CSS_SELECTOR, "#drawing svg")

    analyze_spec(page, "whee:9")
    line = wait_error(page)
    assert "whee" in line
    nothing_of_the_last_answer(page)
    assert not shown(page, "summary")  # no value beside the error: it would not be the value of "whee:9"
    assert "nim-value" not in page.find_element(By.ID, "board").text

    # a position too large for play: the error says where it can be valued
    analyze_spec(page, "wheel:9")
    wait_value(page)
    analyze_spec(page, "complete:60")
    line = wait_error(page)
    assert "over the limit of 1000 for play" in line and "grundy value SPEC on the command line" in line, line
    nothing_of_the_last_answer(page)
    assert not shown(page, "summary")


def test_a_too_slow_search_says_what_to_do_and_keeps_the_outcome(slow_page: WebDriver) -> None:
    page = slow_page
    analyze_spec(page, "path:5")
    wait_value(page)
    assert page.find_elements(By.CSS_SELECTOR, "#drawing svg")

    # random:11,0.5,1: N after 12 positions; its value needs millions, over 2 s
    analyze_spec(page, "random:11,0.5,1")
    # at once, the last answer is gone; then who wins (the outcome search, fast) with one winning
    # move, while the value is searched under a spinner with the seconds ticking
    wait(page, lambda d: not d.find_elements(By.CSS_SELECTOR, "#drawing svg") or
         len(drawing_moves(d, "[data-move*=vertex]")) == 11, "the board cleared")
    wait(page, lambda d: d.find_element(By.ID, "value").text == "N-position; nim-value: searching…",
         "the outcome first")
    assert len(drawing_moves(page, "[data-move*=vertex]")) == 11  # random:11's drawing, not path:5's
    assert "(the first found)" in page.find_element(By.ID, "winning").text
    wait(page, lambda d: shown(d, "busy") and d.find_element(By.ID, "elapsed").text == "1 s", "1 s on the spinner")
    assert page.find_element(By.CSS_SELECTOR, "#busy .spinner").is_displayed()
    assert shown(page, "cancel")
    page.find_element(By.ID, "analyze").click()  # while the value is searched: said, not silently ignored
    assert message(page).startswith("Still searching")
    line = wait_error(page)
    assert "time limit" in line and "grundy serve --time-limit SECONDS" in line, line
    assert message(page) == ""
    assert not shown(page, "busy")
    assert page.find_element(By.ID, "value").text == f"N-position (nim-value not found within {SHORT_LIMIT} s)"
    winning = page.find_elements(By.CSS_SELECTOR, "#drawing .winning")
    assert winning and {w.get_attribute("data-move") for w in winning} == {winning[0].get_attribute("data-move")}
    for element_id in ("log-box", "play-buttons"):
        assert not shown(page, element_id), element_id
    screenshot(page, "too-slow.png")

    # a position whose outcome is not settled either: no value line at all, the error alone
    analyze_spec(page, "random:12,0.5,1")
    line = wait_error(page)
    assert "grundy serve --time-limit SECONDS" in line
    assert not shown(page, "summary")
    nothing_of_the_last_answer(page)


def test_the_value_comes_first_every_move_on_request(page: WebDriver) -> None:
    # torus: its value is known at once; valuing its 54 options takes longer than the server's 10 s
    t0 = time.monotonic()
    analyze_spec(page, "torus")
    assert "nim-value 0" in wait_value(page)
    assert time.monotonic() - t0 < 8
    assert not shown(page, "error")
    assert shown(page, "more-box") and page.find_element(By.ID, "show-moves").is_displayed()
    results = page.execute_script(
        "return [...document.querySelectorAll('#options tbody td:nth-child(2)')].map(td => td.textContent)")
    assert len(results) == 54 and set(results) == {""}  # listed to play from, not valued

    # a large graph: its value, and a drawing; its 40 winning moves cut to 12 and a count
    analyze_spec(page, "complete:40")
    assert "nim-value" in wait_value(page)
    assert len(drawing_moves(page, "[data-move*=vertex]")) == 40
    winning = page.find_element(By.ID, "winning").text
    assert winning.count("remove vertex") == 12 and "and 28 more (every move is in the table below)" in winning

    # on request, every move and its value
    analyze_spec(page, "wheel:9")
    wait_value(page)
    page.find_element(By.ID, "show-moves").click()
    wait(page, lambda d: idle(d) and not shown(d, "more-box") and shown(d, "options"), "every move's value")
    rows = page.execute_script(
        "return [...document.querySelectorAll('#options tbody tr')].map(tr => [tr.className, "
        "tr.children[0].textContent, tr.children[1].textContent])")
    assert len(rows) == 10 + 18 and all(r[2].isdigit() for r in rows)
    assert [r[1] for r in rows if r[0] == "wins"] == ["remove vertex 0"]
    assert {r[2] for r in rows if r[0] == "wins"} == {"0"}


@pytest.mark.parametrize("spec", ["chomp:5,3,3", "nim:3,4,5"])
def test_play_names_no_winning_move_before_hint(page: WebDriver, server: str, spec: str) -> None:
    view = api(server, "/api/view", {"position": spec, "options": False})
    wins = [m["text"] for m in view["moves"] if m["winning"]]
    assert wins and view["analysis"]["explanation"]  # which names the winning move, in its words

    page.find_element(By.ID, "tab-spec").click()
    page.find_element(By.ID, "spec").send_keys(spec)
    choose_first(page, "me")
    page.find_element(By.ID, "play").click()
    wait_message(page, lambda m: m == "Your move.", "the game to start")
    assert not shown(page, "why")  # the explanation names the winning moves
    assert page.find_element(By.ID, "winning").text == "(press Hint)"
    assert highlighted(page) == [] and page.find_elements(By.CSS_SELECTOR, "#options tr.wins") == []
    for element_id in ("status", "message", "summary", "log-box"):
        seen = page.find_element(By.ID, element_id).text
        assert not any(w in seen for w in wins), (element_id, seen)

    page.find_element(By.ID, "hint").click()
    wait_message(page, lambda m: m.startswith("Hint:"), "the hint")
    assert shown(page, "why")
    assert page.find_element(By.ID, "winning").text == ", ".join(wins)
    assert highlighted(page)


def test_a_new_game_after_the_end(page: WebDriver) -> None:
    choose_family(page, "path", "1")
    choose_first(page, "me")
    page.find_element(By.ID, "play").click()
    wait_message(page, lambda m: m == "Your move.", "the game to start")
    assert not shown(page, "new-game")
    drawing_moves(page)[0].click()  # the one vertex: the engine has no move left
    ended = wait_message(page, game_over, "the end of the game")
    assert ended.endswith("You win!")
    assert shown(page, "new-game")

    choose_family(page, "wheel", "9")  # the form changed meanwhile: "New game" plays the same position again
    page.find_element(By.ID, "new-game").click()
    wait_message(page, lambda m: m == "Your move.", "the new game")
    assert not shown(page, "new-game") and log(page) == []
    assert len(drawing_moves(page)) == 1 and page.find_element(By.ID, "status").text != "Game over."


def test_grid_drawn_as_read_with_legible_labels(page: WebDriver) -> None:
    analyze_spec(page, "grid:3,4")
    wait_value(page)
    vertices = {tuple(move_of(e)["vertex"]): e for e in drawing_moves(page, "[data-move*=vertex]")}
    assert len(vertices) == 12
    centre = {v: (e.rect["x"] + e.rect["width"] / 2, e.rect["y"] + e.rect["height"] / 2) for v, e in vertices.items()}
    for r in range(3):
        for c in range(4):
            if c:  # columns left to right, each row level
                assert centre[(r, c - 1)][0] < centre[(r, c)][0] - 20
                assert abs(centre[(r, c - 1)][1] - centre[(r, c)][1]) < 1
            if r:  # row 0 on top
                assert centre[(r - 1, c)][1] < centre[(r, c)][1] - 20
                assert abs(centre[(r - 1, c)][0] - centre[(r, c)][0]) < 1
    labels = page.execute_script(
        "return [...document.querySelectorAll('#drawing svg [data-move] text')]"
        ".map(t => [t.textContent, parseFloat(getComputedStyle(t).fontSize), t.getBoundingClientRect().height])")
    assert sorted(t for t, _, _ in labels) == sorted(f"{r},{c}" for r in range(3) for c in range(4))
    assert all(size >= 11 for _, size, _ in labels), labels
    screenshot(page, "grid3x4.png")


@pytest.mark.parametrize("spec, n", [("grid:8,8", 64), ("complete:30", 30)])
def test_large_graphs_drawn_legibly(page: WebDriver, spec: str, n: int) -> None:
    analyze_spec(page, spec)
    wait_value(page)
    groups = drawing_moves(page, "[data-move*=vertex]")
    assert len(groups) == n
    info = page.execute_script(
        "return [...document.querySelectorAll('#drawing svg g[data-move]')].map(g => {"
        " const c = g.querySelector('circle').getBoundingClientRect(), t = g.querySelector('text');"
        " return [c.x + c.width / 2, c.y + c.height / 2, c.width / 2, g.querySelector('title').textContent,"
        "  t ? parseFloat(getComputedStyle(t).fontSize) * t.ownerSVGElement.getScreenCTM().a : null]; })")
    # every vertex has its title; a label drawn is at least 8 px on the screen
    assert all(title.startswith("remove vertex") for _, _, _, title, _ in info)
    sizes = [s for *_, s in info if s is not None]
    assert sizes and all(s >= 8 for s in sizes), sizes
    # no two vertices overlap
    for i, (x1, y1, r1, _, _) in enumerate(info):
        for x2, y2, r2, _, _ in info[:i]:
            assert math.hypot(x1 - x2, y1 - y2) >= r1 + r2 - 0.5


KIND_FAMILIES = [("wheel", "9", "graph"), ("divisors", "30", "poset"), ("torus", "", "complex"),
                 ("chomp", "5,3,3", "chomp"), ("nim", "3,4,5", "nim"), ("octal", "0.07:5,3", "octal")]


def test_controls_that_do_not_apply_are_hidden(page: WebDriver) -> None:
    Select(page.find_element(By.ID, "game")).select_by_value("node-kayles")  # left set: sent only for graphs
    for family, params, kind in KIND_FAMILIES:
        choose_family(page, family, params)
        assert shown(page, "game-label") == (kind == "graph"), kind
        assert shown(page, "misere-label"), kind  # every kind has a misère play (impartial rulesets)
        assert not shown(page, "side-label"), kind
        assert page.find_element(By.ID, "kind-line").text.startswith(f"A {kind} position"), kind
        page.find_element(By.ID, "analyze").click()
        wait_value(page, f"the value of {family}")
        assert not shown(page, "error"), kind
    # the spec tab tells the kind from the family named
    page.find_element(By.ID, "tab-spec").click()
    page.find_element(By.ID, "spec").send_keys("divisors:12")
    assert not shown(page, "game-label")
    page.find_element(By.ID, "spec").clear()
    page.find_element(By.ID, "spec").send_keys("wheel:7")
    assert shown(page, "game-label")
    # a partizan ruleset: the side to play, no misère play
    Select(page.find_element(By.ID, "game")).select_by_value("be-bo")
    assert shown(page, "side-label") and not shown(page, "misere-label")
    for tab, kind in (("poset", "poset"), ("complex", "complex"), ("edges", "graph"), ("draw", "graph")):
        page.find_element(By.ID, f"tab-{tab}").click()
        assert shown(page, "game-label") == (kind == "graph"), tab
        assert shown(page, "side-label") == (kind == "graph"), tab


def test_api_docs_render(browser: WebDriver, server: str) -> None:
    browser.get(server + "/docs")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-path='/api/analyze']"), "Swagger UI's operations")
    body = browser.find_element(By.TAG_NAME, "body").text
    assert "Unable to render" not in body
    paths = {e.get_attribute("data-path") for e in browser.find_elements(By.CSS_SELECTOR, "[data-path]")}
    assert {"/api/analyze", "/api/view", "/api/move", "/api/engine", "/api/meta", "/api/cancel"} <= paths
    assert "3.1" in browser.find_element(By.CSS_SELECTOR, ".info").text or "OAS 3.1" in body
    screenshot(browser, "api-docs.png")
