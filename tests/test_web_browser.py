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
0); a bad spec (a one-line error, no traceback); undo in play mode.

The tests write the screenshots of the docs into ``docs/screenshots/``:
``wheel9.png``, ``path5-won.png`` and ``triangle.png``.

Skipped without FastAPI, selenium, Chromium or chromedriver, unless the
environment variable ``GRUNDY_REQUIRE_BROWSER=1`` is set (as in CI): then
a missing piece fails the run, so it can never hide as a skip.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REQUIRE = os.environ.get("GRUNDY_REQUIRE_BROWSER") == "1"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
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
@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The application on a free local port; yields its base URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
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


@pytest.fixture
def page(browser: WebDriver, server: str) -> Iterator[WebDriver]:
    """The page, loaded afresh, its metadata in (``body[data-ready=1]``);
    afterwards, no JavaScript error may have been logged."""
    browser.get_log("browser")  # drop what an earlier test left
    browser.get(server + "/")
    wait(browser, lambda d: d.execute_script("return document.body.dataset.ready") == "1", "the page to load")
    yield browser
    errors = [e["message"] for e in browser.get_log("browser")
              if e.get("level") == "SEVERE" and "Failed to load resource" not in e["message"]]
    assert not errors, f"JavaScript errors on the page: {errors}"


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
