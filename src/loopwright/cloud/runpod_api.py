"""The subset of RunPod's public API the launcher uses, over plain urllib.

REST v1 (https://rest.runpod.io/v1, OpenAPI at /openapi.json):
  POST   /pods          PodCreateInput -> 201 Pod
  GET    /pods/{podId}  -> 200 Pod | 404
  DELETE /pods/{podId}  -> 204 (terminated; the pod and its container disk are gone)
REST v1 has no price endpoint, so the plan asks GraphQL (https://api.runpod.io/graphql):
  gpuTypes(input: {id}) { id displayName securePrice communityPrice }

The key travels only in the Authorization header: never in a URL, a log line or an
error message.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any, Callable, Optional


class RunpodApiError(RuntimeError):
    def __init__(self, message: str, status: Optional[int] = None):
        super().__init__(message)
        self.status = status


def _retryable(status: Optional[int]) -> bool:
    return status is None or status >= 500 or status == 429  # None: no answer (connection lost)


class RunpodClient:
    def __init__(self, api_url: str, graphql_url: str, api_key: str, *, retries: int = 8,
                 backoff_s: float = 1.0, timeout_s: float = 30.0, sleep: Callable[[float], None] = time.sleep):
        self.api_url = api_url.rstrip("/")
        self.graphql_url = graphql_url
        self._key = api_key
        self.retries = max(1, retries)
        self.backoff_s = backoff_s
        self.timeout_s = timeout_s
        self.sleep = sleep

    # ------------------------------------------------------------------ http
    def _once(self, method: str, url: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(url, data=data, method=method, headers={
            "Authorization": f"Bearer {self._key}", "Content-Type": "application/json",
            "Accept": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout_s) as resp:
                raw = resp.read()
                return resp.status, (json.loads(raw) if raw.strip() else None)
        except urllib.error.HTTPError as err:
            raw = err.read()
            try:
                detail = json.loads(raw) if raw.strip() else None
            except ValueError:
                detail = raw.decode(errors="replace")[:300]
            return err.code, detail

    def request(self, method: str, path: str, body: Any = None, *, ok: tuple[int, ...] = (200, 201, 204),
                also: tuple[int, ...] = ()) -> tuple[int, Any]:
        """Call ``path``, retrying 5xx, 429 and lost connections; raise on any other non-``ok`` status."""
        url = path if path.startswith("http") else f"{self.api_url}{path}"
        last = ""
        for attempt in range(self.retries):
            try:
                status, payload = self._once(method, url, body)
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as err:
                status, payload = None, None
                last = f"no answer ({type(err).__name__}: {getattr(err, 'reason', err)})"
            else:
                if status in ok or status in also:
                    return status, payload
                last = f"HTTP {status}: {payload}"
                if not _retryable(status):
                    raise RunpodApiError(f"RunPod API {method} {path}: {last}", status)
            if attempt + 1 < self.retries:
                self.sleep(min(self.backoff_s * 2 ** attempt, 30.0))
        raise RunpodApiError(f"RunPod API {method} {path}: gave up after {self.retries} attempts, last {last}",
                             status)

    # ------------------------------------------------------------------ pods
    def create_pod(self, body: dict[str, Any]) -> dict[str, Any]:
        # No retry on create: a lost answer may still have rented a pod; the caller
        # looks for it by name before giving up (find_pods_by_name).
        return self._create_once(body)[1]

    def _create_once(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        try:
            status, payload = self._once("POST", f"{self.api_url}/pods", body)
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as err:
            raise RunpodApiError(f"RunPod API POST /pods: no answer ({err})") from err
        if status not in (200, 201) or not isinstance(payload, dict) or not payload.get("id"):
            raise RunpodApiError(f"RunPod API POST /pods: HTTP {status}: {payload}", status)
        return status, payload

    def find_pods_by_name(self, name: str) -> list[dict[str, Any]]:
        from urllib.parse import quote

        _, pods = self.request("GET", f"/pods?name={quote(name)}")
        return [p for p in (pods or []) if p.get("name") == name]

    def list_pods(self) -> list[dict[str, Any]]:
        """Every pod of the account (GET /pods), whatever its name."""
        _, pods = self.request("GET", "/pods")
        return [p for p in (pods or []) if isinstance(p, dict)]

    def get_pod(self, pod_id: str) -> Optional[dict[str, Any]]:
        """The pod, or None once RunPod no longer knows it (404: terminated)."""
        status, pod = self.request("GET", f"/pods/{pod_id}", also=(404,))
        return None if status == 404 else pod

    def terminate_pod(self, pod_id: str, *, deadline_s: float = 600.0) -> int:
        """DELETE until RunPod confirms (204/200, or 404: already gone); return the attempts used.

        Retries 5xx and lost connections with backoff until ``deadline_s`` has passed,
        so a flaky API cannot leave a pod billing. Raises only if it never confirms.
        """
        start, attempt, last = time.monotonic(), 0, ""
        while True:
            attempt += 1
            try:
                status, payload = self._once("DELETE", f"{self.api_url}/pods/{pod_id}")
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as err:
                status, payload = None, None
                last = f"no answer ({err})"
            else:
                if status in (200, 204, 404):
                    return attempt
                last = f"HTTP {status}: {payload}"
                if not _retryable(status):
                    raise RunpodApiError(f"terminate pod {pod_id}: {last}; TERMINATE IT BY HAND", status)
            if time.monotonic() - start > deadline_s:
                raise RunpodApiError(f"terminate pod {pod_id}: not confirmed after {attempt} attempts "
                                     f"({deadline_s:.0f} s), last {last}; TERMINATE IT BY HAND "
                                     f"(runpodctl remove pod {pod_id})", status)
            self.sleep(min(self.backoff_s * 2 ** min(attempt - 1, 5), 30.0))

    # ---------------------------------------------------------------- prices
    def gpu_price(self, gpu_type: str, gpu_count: int, cloud_type: str) -> tuple[Optional[float], str]:
        """(USD per hour for ``gpu_count`` of ``gpu_type`` in ``cloud_type``, where it came from)."""
        query = ("query GpuTypes($id: String) { gpuTypes(input: {id: $id}) "
                 "{ id displayName securePrice communityPrice } }")
        _, payload = self.request("POST", self.graphql_url, {"query": query, "variables": {"id": gpu_type}})
        if not isinstance(payload, dict) or payload.get("errors"):
            raise RunpodApiError(f"RunPod GraphQL gpuTypes: {payload}")
        types = [t for t in (payload.get("data") or {}).get("gpuTypes") or [] if t.get("id") == gpu_type]
        field = "securePrice" if cloud_type.upper() == "SECURE" else "communityPrice"
        source = f"GraphQL gpuTypes.{field} x {gpu_count}"
        if not types or not isinstance(types[0].get(field), (int, float)) or types[0][field] <= 0:
            return None, source
        return float(types[0][field]) * gpu_count, source
