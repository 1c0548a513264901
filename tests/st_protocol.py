"""A Streamlit session without a browser: the websocket protocol a browser speaks to the server.

The client opens ``/_stcore/stream`` (subprotocol ``streamlit``), sends ``BackMsg.rerun_script``
with the page and the widget states a browser would send, and reads ``ForwardMsg``s until
``script_finished`` (a successful end, not one cut short for a rerun). It keeps what a browser
keeps: the widgets the last run drew (id, kind, label, key) and their values, so a step can say
"set the slider keyed ``k`` to 2" or "press the button labelled Next". A widget drawn inside an
``st.fragment`` (``Delta.fragment_id``) reruns that fragment only, as in a browser: the request
names the fragment (``ClientState.fragment_id``) and the widgets outside it stay as the last full
run drew them. Used by bench/load_app.py to measure the server alone; the browser smoke run there
keeps it honest against a real page.
"""

from __future__ import annotations

import asyncio
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import Any

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

__all__ = ["Widget", "RunResult", "Session", "StepFailed"]

#: ForwardMsg.script_finished values that end a run the user waits for.
_FINISHED = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_WITH_COMPILE_ERROR,
             ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY}


class StepFailed(RuntimeError):
    """A run that showed an exception or an error box, or did not finish in time."""


@dataclass
class Widget:
    """A widget the last run drew: its element id, kind (proto field name), label, user key and the
    fragment it belongs to ("" outside every fragment)."""

    id: str
    kind: str
    label: str
    key: str | None
    proto: Any = field(repr=False, default=None)
    fragment: str = ""


@dataclass
class RunResult:
    """One script run as the client saw it: seconds from request to script_finished, the errors
    shown (exceptions and st.error boxes), the page's texts (markdown, captions, metrics, other
    alerts) and the fragment it reran ("" for a run of the whole page)."""

    seconds: float
    errors: list[str]
    texts: list[str]
    fragment: str = ""


def _key_of(element_id: str) -> str | None:
    """The user key in a generated element id (``$$ID-<hash>-<key>``), or None for a keyless widget."""
    parts = element_id.split("-", 2)
    return parts[2] if len(parts) == 3 and parts[2] != "None" else None


class Session:
    """One browser tab's worth of Streamlit session, over the websocket protocol."""

    def __init__(self, url: str, timeout: float = 120.0, cookie: str | None = None):
        self.url, self.timeout, self.cookie = url.rstrip("/"), timeout, cookie
        self.ws: Any = None
        self.pages: dict[str, str] = {}  # page label (its st.page_link's) -> page_script_hash
        self.page_hash = ""
        self.widgets: dict[str, Widget] = {}
        self.values: dict[str, WidgetState] = {}
        self.query = ""
        self.session_id = ""

    async def connect(self) -> None:
        """Open the websocket (same origin, as a browser does; with ``cookie``, the browser's cookie
        header, which a reverse proxy may route on)."""
        ws_url = self.url.replace("http://", "ws://", 1) + "/_stcore/stream"
        headers = {"Cookie": self.cookie} if self.cookie else None
        self.ws = await websockets.connect(ws_url, subprotocols=["streamlit"], origin=self.url,
                                           additional_headers=headers,
                                           max_size=2**28, open_timeout=self.timeout, ping_interval=None)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    # ---- the widgets of the last run
    def widget(self, *, key: str | None = None, label: str | None = None, kind: str | None = None) -> Widget:
        """The widget of the last run with this user key, or whose label starts with ``label``."""
        for w in self.widgets.values():
            if (key is None or w.key == key) and (label is None or w.label.startswith(label)) \
                    and (kind is None or w.kind == kind):
                return w
        raise StepFailed(f"no widget key={key!r} label={label!r} kind={kind!r} on the page; "
                         f"widgets: {sorted((w.kind, w.key or w.label) for w in self.widgets.values())}")

    def set_value(self, w: Widget, value: Any) -> None:
        """The value the next run sends for ``w`` (as a browser sends it after a user's change)."""
        state = WidgetState(id=w.id)
        if w.kind in ("button", "form_submit_button"):
            state.trigger_value = bool(value)
        elif w.kind == "slider":
            state.double_array_value.data[:] = [float(v) for v in (value if isinstance(value, (list, tuple))
                                                                      else [value])]
        elif w.kind == "number_input":
            state.double_value = float(value)
        elif w.kind in ("checkbox", "toggle"):
            state.bool_value = bool(value)
        elif w.kind in ("text_input", "text_area", "selectbox", "radio"):
            state.string_value = str(value)
        else:
            raise StepFailed(f"setting a {w.kind} widget is not supported")
        self.values[w.id] = state

    # ---- runs
    async def run(self, page: str | None = None, **changes: Any) -> RunResult:
        """Rerun the script (on ``page``, the label of its st.page_link such as ``Corpus``, when given) with the
        widget changes ``changes`` (key=value of keyed widgets) and wait for its end."""
        if page is not None:
            self.values = {}  # a browser sends no widget state of the page it leaves
        changed = [self.widget(key=key) for key in changes]
        for w, value in zip(changed, changes.values()):
            self.set_value(w, value)
        # as a browser: a change of widgets that all sit in one fragment reruns that fragment only
        fragments = {w.fragment for w in changed}
        return await self._rerun(page, fragments.pop() if page is None and len(fragments) == 1 else "")

    async def press(self, *, key: str | None = None, label: str | None = None) -> RunResult:
        """Click a button (by key or label): a trigger sent once (a button in a fragment reruns it only)."""
        w = self.widget(key=key, label=label, kind="button")
        self.set_value(w, True)
        try:
            return await self._rerun(None, w.fragment)
        finally:
            self.values.pop(w.id, None)

    async def send_press(self, *, key: str | None = None, label: str | None = None) -> None:
        """Click a button and return at once, without waiting for the run (a click in flight)."""
        w = self.widget(key=key, label=label, kind="button")
        self.set_value(w, True)
        await self.ws.send(self._rerun_message(None, w.fragment).SerializeToString())
        self.values.pop(w.id, None)

    async def upload(self, key: str, name: str, data: bytes, mime: str = "text/csv") -> RunResult:
        """Choose a file in the file uploader keyed ``key``, as a browser does: ask the server for an
        upload URL (``file_urls_request``), PUT the file there with the XSRF cookie and header, then
        rerun with the uploader's state naming the file; waits for that run's end."""
        w = self.widget(key=key, kind="file_uploader")
        msg = BackMsg()
        request_id = uuid.uuid4().hex
        msg.file_urls_request.request_id = request_id
        msg.file_urls_request.file_names.append(name)
        msg.file_urls_request.session_id = self.session_id
        await self.ws.send(msg.SerializeToString())
        urls = await self._file_urls(request_id)
        await asyncio.to_thread(self._put, urls.upload_url, name, data, mime)
        state = WidgetState(id=w.id)
        info = state.file_uploader_state_value.uploaded_file_info.add()
        info.file_id, info.name, info.size = urls.file_id, name, len(data)
        info.file_urls.CopyFrom(urls)
        self.values[w.id] = state
        return await self._rerun(None)

    async def _file_urls(self, request_id: str) -> Any:
        """The server's answer to a file_urls_request: one FileURLs (file id, upload and delete URLs)."""
        deadline = time.perf_counter() + self.timeout
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), max(0.1, deadline - time.perf_counter()))
            fm = ForwardMsg()
            fm.ParseFromString(raw)
            if fm.WhichOneof("type") == "file_urls_response" and fm.file_urls_response.response_id == request_id:
                if fm.file_urls_response.error_msg:
                    raise StepFailed(f"upload refused: {fm.file_urls_response.error_msg}")
                return fm.file_urls_response.file_urls[0]

    def _put(self, upload_url: str, name: str, data: bytes, mime: str) -> None:
        """PUT one file as multipart form data, with the XSRF cookie the health check hands out."""
        with urllib.request.urlopen(self.url + "/_stcore/health", timeout=self.timeout) as r:
            cookie = next((c.split(";")[0] for c in r.headers.get_all("Set-Cookie") or []
                           if c.startswith("_streamlit_xsrf=")), "")
        boundary = uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
                f"Content-Type: {mime}\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
        url = upload_url if upload_url.startswith("http") else self.url + upload_url
        headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        if cookie:
            headers |= {"Cookie": cookie, "X-Xsrftoken": cookie.partition("=")[2]}
        request = urllib.request.Request(url, data=body, method="PUT", headers=headers)
        with urllib.request.urlopen(request, timeout=self.timeout) as r:
            if r.status not in (200, 204):
                raise StepFailed(f"upload of {name}: HTTP {r.status}")

    async def _rerun(self, page: str | None, fragment: str = "") -> RunResult:
        msg = self._rerun_message(page, fragment)
        start = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        return await self._until_finished(start)

    def _rerun_message(self, page: str | None, fragment: str = "") -> BackMsg:
        """The rerun_script a browser sends now: the page, the widget states and (a change inside a
        fragment) the fragment to rerun."""
        msg = BackMsg()
        rs = msg.rerun_script
        rs.query_string = self.query
        if page is not None:
            if page not in self.pages and self.pages:
                raise StepFailed(f"no page {page!r}; pages: {sorted(self.pages)}")
            self.page_hash = self.pages.get(page, "")
        rs.page_script_hash = self.page_hash
        rs.widget_states.widgets.extend(s for i, s in self.values.items() if page is not None or i in self.widgets)
        if fragment:
            rs.fragment_id = fragment
        return msg

    async def _until_finished(self, start: float) -> RunResult:
        """Read ForwardMsgs until a run ends; the widgets and texts it drew (after a fragment's run,
        the widgets of the rest of the page are the ones the last full run drew)."""
        errors: list[str] = []
        texts: list[str] = []
        seen: dict[str, Widget] = {}
        fragments: list[str] = []
        deadline = start + self.timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise StepFailed(f"no script_finished within {self.timeout:.0f} s")
            try:
                raw = await asyncio.wait_for(self.ws.recv(), left)
            except TimeoutError:
                raise StepFailed(f"no script_finished within {self.timeout:.0f} s") from None
            fm = ForwardMsg()
            fm.ParseFromString(raw)
            kind = fm.WhichOneof("type")
            if kind == "new_session":
                ns = fm.new_session
                self.session_id = ns.initialize.session_id or self.session_id
                self.pages.update({p.page_name: p.page_script_hash for p in ns.app_pages if p.page_name})
                self.page_hash = ns.page_script_hash
                fragments = list(fm.metadata.run.fragment_ids)
                # a new run of the whole page: only its widgets count; of fragments: the rest stays
                seen = {i: w for i, w in self.widgets.items() if w.fragment not in fragments} if fragments else {}
                errors, texts = [], []
            elif kind == "page_info_changed":
                self.query = fm.page_info_changed.query_string
            elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                self._element(fm.delta.new_element, seen, errors, texts, fm.delta.fragment_id)
                if texts and texts[-1].startswith("page:"):
                    label, _, page_hash = texts.pop()[5:].rpartition("=")
                    self.pages[label] = page_hash
            elif kind == "script_finished":
                if fm.script_finished in _FINISHED:
                    break
                seen, errors, texts = {}, [], []  # stopped for a rerun (a page switch): the next run counts
        seconds = time.perf_counter() - start
        self.widgets = seen
        self.values = {i: s for i, s in self.values.items() if i in seen}
        return RunResult(seconds, errors, texts, ",".join(fragments))

    @staticmethod
    def _element(el: Any, seen: dict[str, Widget], errors: list[str], texts: list[str], fragment: str = "") -> None:
        kind = el.WhichOneof("type")
        if kind is None:
            return
        body = getattr(el, kind)
        if kind == "exception":
            errors.append(f"exception {body.type}: {body.message[:200]}")
        elif kind == "alert" and body.format == body.ERROR:
            errors.append("error box: " + body.body[:200])
        elif kind == "alert":
            texts.append(body.body)  # success, info and warning boxes: what the page said
        elif kind == "markdown":
            texts.append(body.body)
        elif kind == "metric":
            texts.append(f"{body.label}: {body.body}")
        elif kind == "page_link" and body.page_script_hash:
            texts.append(f"page:{body.label}={body.page_script_hash}")
        element_id = getattr(body, "id", "") if body.DESCRIPTOR.fields_by_name.get("id") else ""
        if element_id.startswith("$$ID"):
            seen[element_id] = Widget(element_id, kind, getattr(body, "label", ""), _key_of(element_id), body, fragment)
