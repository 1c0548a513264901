// dscorer report: sort the document table by a column (click or Enter on its heading) and filter
// it by a search. Reads only the table's own cells; writes only classes, attributes and one count.
(function () {
  'use strict';
  var table = document.getElementById('dsr-table');
  var filter = document.getElementById('dsr-filter');
  var count = document.getElementById('dsr-count');
  if (!table || !filter || !count) { return; }
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var texts = rows.map(function (r) { return r.textContent.toLowerCase(); });
  function value(row, col) {
    var cell = row.cells[col];
    var v = cell.getAttribute('data-v');
    return v === null ? cell.textContent : parseFloat(v);
  }
  function sortBy(th) {
    var col = Number(th.getAttribute('data-col'));
    var up = th.getAttribute('aria-sort') !== 'ascending';
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) { h.setAttribute('aria-sort', 'none'); });
    th.setAttribute('aria-sort', up ? 'ascending' : 'descending');
    var order = rows.map(function (r, i) { return i; });
    order.sort(function (a, b) {
      var x = value(rows[a], col), y = value(rows[b], col);
      var c = (typeof x === 'number' && typeof y === 'number') ? x - y : String(x).localeCompare(String(y));
      return (up ? c : -c) || a - b;
    });
    order.forEach(function (i) { body.appendChild(rows[i]); });
  }
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
    th.addEventListener('click', function () { sortBy(th); });
    th.addEventListener('keydown', function (e) { if (e.key === 'Enter') { sortBy(th); } });
  });
  function applyFilter() {
    var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    rows.forEach(function (r, i) {
      var ok = words.every(function (w) { return texts[i].indexOf(w) >= 0; });
      r.classList.toggle('dsr-hidden', !ok);
      if (ok) { shown += 1; }
    });
    count.textContent = shown + ' of ' + rows.length + ' documents';
  }
  filter.addEventListener('input', applyFilter);
  document.body.setAttribute('data-ready', '1');
}());
