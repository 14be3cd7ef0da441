"""Small pages written for the data tests (each carries the kind of markup its test is about)."""

from __future__ import annotations

PRODUCT = """<!doctype html><html><head><title>Trail Kettle 1.2 L | Camp Shop</title>
<meta property="og:title" content="Trail Kettle 1.2 L">
<meta property="og:description" content="A light steel kettle for the trail.">
<meta property="og:type" content="product">
<script type="application/ld+json">
{"@context": "https://schema.org", "@graph": [
  {"@type": "Organization", "@id": "#shop", "name": "Camp Shop"},
  {"@type": "Product", "name": "Trail Kettle 1.2 L", "sku": "TK-12",
   "brand": {"@type": "Brand", "name": "Fjellstål"},
   "offers": {"@type": "Offer", "price": "34.90", "priceCurrency": "EUR",
              "availability": "https://schema.org/InStock", "seller": {"@id": "#shop"}},
   "aggregateRating": {"@type": "AggregateRating", "ratingValue": "4.6", "reviewCount": "128"}}
]}
</script>
<script type="application/ld+json">{ this is not json </script>
</head><body>
<header><nav><a href="/">Camp Shop</a> <a href="/kettles">Kettles</a></nav></header>
<main><article>
<h1>Trail Kettle 1.2 L</h1>
<p>The Trail Kettle holds 1.2 litres and weighs 310 grams. It boils a litre of water in four minutes
on a small gas stove, and its folding handle stays cool to the touch.</p>
<p class="price">Price: €34,90 — in stock, ships in 2 days.</p>
<p>Made of brushed stainless steel in Norway. Released on 3 March 2024.</p>
<h2>Specifications</h2>
<table>
<thead><tr><th>Property</th><th>Value</th></tr></thead>
<tbody>
<tr><td>Capacity</td><td>1.2 L</td></tr>
<tr><td>Weight</td><td>310 g</td></tr>
<tr><td>Material</td><td>Stainless steel</td></tr>
</tbody></table>
</article></main>
<footer><table role="presentation"><tr><td>© Camp Shop</td><td>Imprint</td></tr></table></footer>
</body></html>"""

LISTING = """<!doctype html><html><head><title>Concerts this week</title><base href="https://tickets.example/"></head>
<body><main><h1>Concerts this week</h1>
<p>Every concert of the week in the city's small venues, with prices and doors.</p>
<ul class="events">
<li class="card"><h3>The Owl Parlour Quartet</h3><span class="when">Sat 31 October 2015</span>
  <span class="venue">The Owl Music Parlor</span><a href="/e/1">Tickets</a><span class="price">$12.00</span>
  <span class="tag">jazz</span><span class="tag">strings</span></li>
<li class="card"><h3>Elysian Fields</h3><span class="when">Sun 1 November 2015</span>
  <span class="venue">Union Pool</span><a href="e/2">Tickets</a><span class="price">$15.50</span>
  <span class="tag">rock</span></li>
<li class="card"><h3>Tove Styrke</h3><span class="when">Tue 3 November 2015</span>
  <span class="venue">Baby's All Right</span><a href="https://other.example/e/3">Tickets</a></li>
</ul></main></body></html>"""

TABLES = """<!doctype html><html><head><title>Stations and their rainfall</title></head><body>
<article><h1>Stations and their rainfall</h1>
<p>Monthly rainfall measured at three stations of the valley network over the last season.</p>
<table>
<caption>Rainfall by station</caption>
<tr><th rowspan="2">Station</th><th colspan="2">Rainfall (mm)</th></tr>
<tr><th>June</th><th>July</th></tr>
<tr><td>Upper Mill</td><td>41.5</td><td>12</td></tr>
<tr><td rowspan="2">Lower Ford</td><td>38</td><td>9.5</td></tr>
<tr><td>40</td><td>10</td></tr>
</table>
<p>A second table lists the staff of each station.</p>
<table>
<tr><td>Name</td><td>Role</td><td>Since</td></tr>
<tr><td>Ada Byrne</td><td>Observer</td><td>2019</td></tr>
<tr><td>Ole Hansen</td><td>Technician</td><td>2021</td></tr>
</table>
<table><tr><td>
<p>A layout table holding a whole paragraph of text that is not data at all, but a column of the page.</p>
</td>
<td><table><tr><td>x</td></tr></table></td></tr></table>
</article></body></html>"""

MICRODATA_RDFA = """<!doctype html><html><head><title>Evening talk</title></head><body>
<div itemscope itemtype="http://schema.org/Event">
  <h1 itemprop="name">An evening on tide pools</h1>
  <time itemprop="startDate" datetime="2025-06-12T19:30">12 June 2025, 7:30 pm</time>
  <div itemprop="location" itemscope itemtype="http://schema.org/Place">
<span itemprop="name">Harbour Hall</span>
    <div itemprop="address" itemscope itemtype="http://schema.org/PostalAddress">
      <span itemprop="streetAddress">1 Quay Road</span>, <span
 itemprop="addressLocality">Portwick</span></div></div>
</div>
<div vocab="https://schema.org/" typeof="Person"><span property="name">Mara Quill</span>,
<span property="jobTitle">marine biologist</span></div>
<p>An evening talk at Harbour Hall about the life of tide pools by Mara Quill, marine biologist.</p>
</body></html>"""
