(function () {
  const colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#9467bd', '#8c564b'];
  let chart = null;
  let polling = null;
  let chartInstances = 0;

  function el(id) { return document.getElementById(id); }

  function makeChart(instances) {
    if (chart) { chart.destroy(); }
    const series = [{ label: 'ms' }, { label: 'stock', stroke: '#d62728', width: 2 }];
    for (let i = 0; i < instances; i++) {
      series.push({ label: 'orders, instance ' + (i + 1), stroke: colors[i % colors.length] });
    }
    chartInstances = instances;
    chart = new uPlot({ width: Math.min(window.innerWidth - 60, 1000), height: 360, series: series,
      scales: { x: { time: false } }, axes: [{ label: 'ms since the start' }, { label: 'units' }] },
      [[0], [0]].concat(Array.from({ length: instances }, () => [0])), el('chart'));
  }

  function draw(view) {
    if (!view.request || !view.samples.length) { return; }
    if (!chart || chartInstances !== view.request.instances) { makeChart(view.request.instances); }
    const data = [view.samples.map(s => s.millis), view.samples.map(s => s.stock)];
    for (let i = 0; i < view.request.instances; i++) {
      data.push(view.samples.map(s => s.orders[i] || 0));
    }
    chart.setData(data);
  }

  function row(view) {
    const r = view.result;
    const tr = document.createElement('tr');
    tr.className = 'run';
    const cells = [view.request.locked ? 'locked' : 'unlocked', r.requests, r.ok, r.soldOut, r.lockErrors, r.other,
      r.orders, r.finalStock, r.oversold, r.lostUpdates, r.fencingTokens, (r.millis / 1000).toFixed(1) + 's'];
    cells.forEach((value, i) => {
      const td = document.createElement('td');
      td.textContent = value;
      if ((i === 8 || i === 9) && value > 0) { td.className = 'bad'; }
      if ((i === 8 || i === 9) && value === 0) { td.className = 'good'; }
      tr.appendChild(td);
    });
    el('result').hidden = false;
    el('result').querySelector('tbody').appendChild(tr);
  }

  async function poll() {
    const view = await (await fetch('/race/runs/current')).json();
    el('state').textContent = view.state;
    draw(view);
    if (view.state === 'DONE' || view.state === 'FAILED') {
      clearInterval(polling);
      polling = null;
      el('start').disabled = false;
      if (view.result) { row(view); }
    }
  }

  el('race').addEventListener('submit', async (event) => {
    event.preventDefault();
    const request = {
      locked: el('mode').value === 'locked',
      instances: Number(el('instances').value),
      buyers: Number(el('buyers').value),
      stock: Number(el('stock').value)
    };
    const response = await fetch('/race/runs', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request) });
    if (!response.ok) {
      el('state').textContent = 'refused (' + response.status + ')';
      return;
    }
    el('start').disabled = true;
    makeChart(request.instances);
    polling = setInterval(poll, 200);
  });
})();
