"""Product specs through the API: triggered like any run, approved, and served as the type's own page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .helpers import API_KEY, run_to_gate


async def test_a_product_spec_runs_to_the_gate_and_publishes_its_spec_sheet(client_for: Callable[..., Any]) -> None:
    async with client_for(api_key=API_KEY, headers={"X-API-Key": API_KEY}) as (_, client):
        status = await run_to_gate(
            client,
            seed_keyword="Chanel Classic Flap Bag",
            content_type="product_spec",
            model="scripted:product_spec_fixable",
        )
        content_id = status["content_id"]
        detail = (await client.get(f"/api/contents/{content_id}")).json()
        assert detail["content_type"] == "product_spec" and detail["title"] == "Chanel Classic Flap Bag"
        preview = await client.get(f"/preview/{content_id}")
        assert preview.status_code == 200 and "<th>strap drop</th><td>60 cm</td>" in preview.text
        assert (await client.post(f"/api/contents/{content_id}/approve")).status_code == 200
        assert (await client.post(f"/api/contents/{content_id}/publish", json={"confirm": True})).status_code == 200
        page = await client.get(f"/articles/{content_id}", headers={"X-API-Key": ""})
        assert page.status_code == 200 and 'class="product-spec"' in page.text and "lambskin leather" in page.text
