/**
 * Templates rendered by both Parley and Jinja2 in the differential test: what bot builders write
 * (greetings, order summaries, webhook payloads) and the breadth of Jinja2 (filters, tests, loops,
 * macros, whitespace control, set blocks, Python string and dict methods), plus syntax errors.
 */
export type CorpusCase = [name: string, template: string, variables?: Record<string, unknown>];

const user = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  age: 36,
  tags: ['vip', 'beta'],
};
const orders = [
  { id: 'A-1', item: 'Tea', qty: 2, price: 3.5, status: 'shipped' },
  { id: 'B-2', item: 'Coffee', qty: 1, price: 4.25, status: 'pending' },
  { id: 'C-3', item: 'cake', qty: 3, price: 2.1, status: 'shipped' },
];
const people = [
  { name: 'Zoe', city: 'Lima', age: 31 },
  { name: 'adam', city: 'Oslo', age: 25 },
  { name: 'Bea', city: 'lima', age: 40 },
];

export const corpus: CorpusCase[] = [
  // printing values as Python does
  ['plain text', 'Hello, world!'],
  ['variable', 'Hi {{ name }}!', { name: 'Ada' }],
  ['booleans and none', '{{ true }} {{ False }} {{ none }} {{ None }}'],
  ['ints and floats', '{{ 20 }} {{ 20.0 }} {{ 2.50 }} {{ 1e3 }} {{ 1.5e-7 }} {{ 12345678901234567.0 }}'],
  ['true division is float', '{{ 10 / 2 }} {{ 7 / 2 }} {{ 1 / 3 }}'],
  ['floor division and modulo', '{{ 7 // 2 }} {{ -7 // 2 }} {{ -7 % 3 }} {{ 7.5 % 2 }} {{ 7 // 2.0 }}'],
  ['float arithmetic', '{{ 0.1 + 0.2 }} {{ 3 * 1.5 }} {{ 2 - 0.5 }} {{ 1.1 * 3 }}'],
  ['powers', '{{ 2 ** 10 }} {{ 2 ** -1 }} {{ 2.0 ** 3 }} {{ (-2) ** 2 }} {{ -2 ** 2 }}'],
  ['small and large floats', '{{ 0.0001 }} {{ 0.00001 }} {{ 1e16 }} {{ 123456789.123 }} {{ -0.5 }}'],
  ['lists and dicts', "{{ [1, 'a', None, True, 2.5] }} {{ {'a': 1, 'b': [1, 2]} }}"],
  ['tuples', '{{ (1, 2) }} {{ (1,) }} {{ () }} {{ 1, 2 }}'],
  ['nested containers', '{{ data }}', { data: { list: [1, { k: 'v' }], text: "it's", none: null } }],
  ['string repr quotes', `{{ ["it's", 'say "hi"', 'both \\' and "', 'tab\\there'] }}`],
  ['unicode', '{{ name }} {{ name | upper }} {{ name | length }}', { name: 'José Ñandú 🎉' }],
  ['undefined prints empty', '[{{ missing }}] [{{ user.nickname }}]', { user }],
  ['string concatenation', "{{ 'a' ~ 1 ~ none ~ true }} {{ 'ab' * 3 }} {{ [1] + [2, 3] }} {{ 'x' + 'y' }}"],
  ['unary operators', '{{ -x }} {{ +x }} {{ -(1.5) }} {{ not x }} {{ not not x }}', { x: 3 }],
  [
    'attribute and item access',
    "{{ user.first_name }} {{ user['last_name'] }} {{ user.tags[0] }} {{ user.tags.1 }} {{ user.tags[-1] }}",
    { user },
  ],
  [
    'slices',
    "{{ 'abcdef'[1:3] }} {{ 'abcdef'[::-1] }} {{ items[1:] }} {{ items[:-1] }} {{ items[::2] }}",
    { items: [1, 2, 3, 4, 5] },
  ],
  ['integer literals', '{{ 1_000 }} {{ 0x1f }} {{ 0o17 }} {{ 0b101 }}'],

  // whitespace control and comments
  ['whitespace kept by default', '{% if true %}\n  yes\n{% endif %}\nend'],
  ['strip before and after', 'a   {%- if true -%}   b   {%- endif -%}   c'],
  ['strip in print', 'x  {{- 1 -}}  y'],
  ['loop whitespace control', '{% for i in [1, 2, 3] -%}\n  {{ i }}\n{%- endfor %}'],
  ['comments', 'a{# a comment #}b {#- stripped -#} c'],
  ['raw block', '{% raw %}{{ not rendered }} {% if %}{% endraw %}'],
  ['trailing newline dropped', 'line one\nline two\n'],
  ['crlf newlines', 'a\r\nb\r\n{{ 1 }}'],
  ['multiline template', 'Dear {{ name }},\n\nYour order ships today.\n\nThanks,\nParley\n', { name: 'Sam' }],

  // conditions
  [
    'if elif else',
    '{% for n in [0, 5, 15] %}{% if n > 10 %}big{% elif n > 0 %}small{% else %}zero{% endif %} {% endfor %}',
  ],
  ['chained comparisons', '{{ 1 < 2 < 3 }} {{ 1 < 3 < 2 }} {{ 3 > 2 >= 2 }} {{ 1 == 1.0 }} {{ "a" != "b" }}'],
  ['in and not in', "{{ 'a' in 'cat' }} {{ 2 in [1, 2] }} {{ 'k' in {'k': 1} }} {{ 3 not in [1, 2] }}"],
  ['inline if', "{{ 'yes' if ok else 'no' }} [{{ 'shown' if not ok }}]", { ok: true }],
  ['and or values', "{{ 0 or 'fallback' }} {{ 'a' and 'b' }} {{ none or [] }} {{ '' and 'x' }}"],
  ['not precedence', '{{ not 1 == 2 }} {{ not (true and false) }} {{ not x is defined }}'],
  ['truthiness', '{% for v in [0, 1, "", "a", [], [0], {}, none] %}{{ "T" if v else "F" }}{% endfor %}'],
  ['comparing strings', "{{ 'apple' < 'banana' }} {{ 'Zed' < 'abc' }} {{ [1, 2] < [1, 3] }}"],

  // loops
  [
    'loop variables',
    '{% for x in "abc" %}{{ loop.index }}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }}{{ loop.first }}{{ loop.last }}{{ loop.length }} {% endfor %}',
  ],
  ['loop cycle', "{% for i in range(5) %}{{ loop.cycle('odd', 'even') }} {% endfor %}"],
  [
    'loop previtem nextitem',
    '{% for x in [1, 2, 3] %}{{ loop.previtem }}-{{ x }}-{{ loop.nextitem }} {% endfor %}',
  ],
  ['loop changed', '{% for x in [1, 1, 2, 2, 1] %}{% if loop.changed(x) %}{{ x }}{% endif %}{% endfor %}'],
  [
    'for else',
    '{% for x in [] %}{{ x }}{% else %}empty{% endfor %} {% for x in missing %}{{ x }}{% else %}none{% endfor %}',
  ],
  [
    'loop filter',
    '{% for x in range(10) if x is odd %}{{ x }}{% if not loop.last %},{% endif %}{% endfor %}',
  ],
  ['unpacking items', '{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}', { d: { b: 2, a: 1 } }],
  ['loop over dict', '{% for key in d %}{{ key }} {% endfor %}', { d: { one: 1, two: 2 } }],
  [
    'nested loops',
    '{% for row in grid %}{% for cell in row %}{{ cell }}{% endfor %}|{% endfor %}',
    {
      grid: [
        [1, 2],
        [3, 4],
      ],
    },
  ],
  [
    'outer loop access',
    '{% for a in [1, 2] %}{% set outer = loop %}{% for b in "xy" %}{{ outer.index }}{{ loop.index }} {% endfor %}{% endfor %}',
  ],
  [
    'recursive loop',
    '{% for item in tree recursive %}{{ item.name }}{% if item.children %}({{ loop(item.children) }}){% endif %}{% endfor %}',
    { tree: [{ name: 'a', children: [{ name: 'b', children: [] }, { name: 'c' }] }, { name: 'd' }] },
  ],
  [
    'loop depth',
    '{% for item in tree recursive %}{{ loop.depth }}{{ item.n }}{% if item.c %}[{{ loop(item.c) }}]{% endif %}{% endfor %}',
    { tree: [{ n: 'x', c: [{ n: 'y' }] }] },
  ],
  [
    'range forms',
    '{{ range(3) | list }} {{ range(1, 4) | list }} {{ range(10, 0, -3) | list }} {{ range(0) | list }}',
  ],
  [
    'set inside loop does not leak',
    '{% set count = 0 %}{% for i in range(3) %}{% set count = count + 1 %}{{ count }}{% endfor %} {{ count }}',
  ],
  [
    'namespace counter',
    '{% set ns = namespace(total=0, names=[]) %}{% for o in orders %}{% set ns.total = ns.total + o.qty %}{% endfor %}{{ ns.total }}',
    { orders },
  ],
  ['loop over string', '{% for c in "héllo" %}[{{ c }}]{% endfor %}'],

  // set, with and blocks
  ['set and tuple unpack', '{% set a, b = 1, 2 %}{% set c = a + b %}{{ a }} {{ b }} {{ c }}'],
  ['block set', '{% set greeting %}Hello {{ name }}!{% endset %}[{{ greeting }}]', { name: 'Bo' }],
  ['block set with filter', '{% set shout | upper | trim %}  quiet words  {% endset %}[{{ shout }}]'],
  ['set in if affects outer scope', '{% set x = 1 %}{% if true %}{% set x = 2 %}{% endif %}{{ x }}'],
  ['with block', '{% with a = 3, b = 4 %}{{ a * b }}{% endwith %}[{{ a }}]'],
  ['block tag renders inline', 'before {% block content %}inside {{ 1 + 1 }}{% endblock %} after'],
  ['filter block', '{% filter upper %}make me loud {{ name }}{% endfilter %}', { name: 'please' }],

  // macros
  [
    'macro with defaults',
    '{% macro greet(name, punct="!") %}Hello {{ name }}{{ punct }}{% endmacro %}{{ greet("Ada") }} {{ greet("Bob", "?") }} {{ greet(punct=".", name="Cy") }}',
  ],
  [
    'macro varargs and kwargs',
    '{% macro m(a) %}{{ a }}|{{ varargs }}|{{ kwargs }}{% endmacro %}{{ m(1, 2, 3, x=4) }}',
  ],
  [
    'macro caller',
    '{% macro card(title) %}<div>{{ title }}: {{ caller() }}</div>{% endmacro %}{% call card("Hi") %}body text{% endcall %}',
  ],
  [
    'call block with arguments',
    '{% macro each(items) %}{% for i in items %}{{ caller(i) }}{% endfor %}{% endmacro %}{% call(x) each([1, 2]) %}<{{ x }}>{% endcall %}',
  ],
  [
    'recursive macro',
    '{% macro fact(n) %}{% if n <= 1 %}1{% else %}{{ n * fact(n - 1) | int }}{% endif %}{% endmacro %}{{ fact(5) }}',
  ],
  ['macro name and arguments', '{% macro f(a, b) %}{% endmacro %}{{ f.name }} {{ f.arguments }}'],
  ['macro missing argument is undefined', '{% macro f(a, b) %}[{{ a }}][{{ b }}]{% endmacro %}{{ f(1) }}'],
  [
    'macro sees template variables',
    '{% set site = "Parley" %}{% macro brand() %}{{ site }}{% endmacro %}{{ brand() }}',
  ],

  // filters
  ['abs', '{{ -3 | abs }} {{ -2.5 | abs }} {{ 4 | abs }}'],
  ['attr', "{{ user | attr('first_name') }}", { user }],
  ['batch', "{{ [1, 2, 3, 4, 5] | batch(2) | list }} {{ [1, 2, 3] | batch(2, 'x') | list }}"],
  ['capitalize', "{{ 'hELLO wORLD' | capitalize }}"],
  ['center', "[{{ 'ab' | center(7) }}] [{{ 'abc' | center(8) }}]"],
  [
    'default',
    "{{ missing | default('d') }} {{ '' | default('empty') }} {{ '' | default('empty', true) }} {{ none | d('n', boolean=true) }} {{ 0 | default(5) }}",
  ],
  [
    'dictsort',
    "{{ d | dictsort }} {{ d | dictsort(by='value') }} {{ d | dictsort(reverse=true) }}",
    { d: { b: 1, A: 3, c: 2 } },
  ],
  ['escape', "{{ '<a href=\"x\">Tom & Jerry\\'s</a>' | e }} {{ '<b>' | escape }}"],
  [
    'filesizeformat',
    '{{ 1 | filesizeformat }} {{ 1000 | filesizeformat }} {{ 1500000 | filesizeformat }} {{ 2048 | filesizeformat(true) }} {{ 300 | filesizeformat }}',
  ],
  [
    'first and last',
    "{{ [3, 4, 5] | first }} {{ [3, 4, 5] | last }} {{ 'word' | first }} {{ 'word' | last }} [{{ [] | first }}]",
  ],
  [
    'float',
    "{{ '3.5' | float }} {{ 'abc' | float }} {{ 2 | float }} {{ ' 1e2 ' | float }} {{ 'x' | float(1.5) }}",
  ],
  [
    'format',
    "{{ '%s has %d items' | format('cart', 3) }} {{ '%.2f' | format(3.14159) }} {{ '%5s|%-5s|' | format('a', 'b') }} {{ '%(a)s-%(b)s' | format(a=1, b=2) }}",
  ],
  [
    'groupby',
    "{% for g in people | groupby('city') %}{{ g.grouper }}:{{ g.list | map(attribute='name') | join(',') }};{% endfor %}",
    { people },
  ],
  [
    'groupby tuple unpack',
    "{% for city, group in orders | groupby('status') %}{{ city }}={{ group | length }} {% endfor %}",
    { orders },
  ],
  [
    'indent',
    "{{ 'a\\nb\\n\\nc' | indent(2) }}|{{ 'a\\nb' | indent(2, true) }}|{{ 'a\\n\\nb' | indent(2, blank=true) }}",
  ],
  [
    'int',
    "{{ '42' | int }} {{ '3.9' | int }} {{ 'x' | int }} {{ 'x' | int(-1) }} {{ 4.7 | int }} {{ '0x1A' | int(0, 16) }} {{ ' 7 ' | int }}",
  ],
  ['items', '{{ d | items | list }}', { d: { x: 1, y: 2 } }],
  [
    'join',
    "{{ [1, 2, 3] | join }} {{ ['a', 'b'] | join(', ') }} {{ people | join(' / ', attribute='name') }}",
    { people },
  ],
  [
    'length and count',
    "{{ [1, 2] | length }} {{ 'hello' | length }} {{ {'a': 1} | count }} {{ missing | length }}",
  ],
  ['list', "{{ 'abc' | list }} {{ {'a': 1, 'b': 2} | list }} {{ (1, 2) | list }}"],
  ['lower and upper', "{{ 'MiXeD' | lower }} {{ 'MiXeD' | upper }}"],
  ['map filter name', "{{ ['a', 'b'] | map('upper') | list }} {{ ['1', '2'] | map('int') | sum }}"],
  [
    'map attribute',
    "{{ orders | map(attribute='item') | join(', ') }} {{ people | map(attribute='zip', default='-') | list }}",
    { orders, people },
  ],
  [
    'max and min',
    "{{ [3, 1, 2] | max }} {{ [3, 1, 2] | min }} {{ ['b', 'A', 'c'] | max }} {{ ['b', 'A', 'c'] | max(case_sensitive=true) }} {{ people | max(attribute='age') }}",
    { people },
  ],
  ['pprint', "{{ {'a': [1, 2], 'b': none} | pprint }} {{ 'x' | pprint }}"],
  [
    'reject and select',
    "{{ range(10) | select('odd') | list }} {{ range(10) | reject('odd') | list }} {{ [0, 1, '', 'a'] | select | list }}",
  ],
  [
    'select with argument',
    "{{ range(1, 20) | select('divisibleby', 5) | list }} {{ [1, 5, 10] | select('gt', 4) | list }}",
  ],
  [
    'selectattr and rejectattr',
    "{{ orders | selectattr('status', 'equalto', 'shipped') | map(attribute='id') | list }} {{ orders | rejectattr('qty', 'gt', 1) | map(attribute='id') | list }}",
    { orders },
  ],
  [
    'selectattr truthy',
    "{{ items | selectattr('active') | map(attribute='n') | list }}",
    {
      items: [
        { n: 1, active: true },
        { n: 2, active: false },
        { n: 3, active: 1 },
      ],
    },
  ],
  ['replace', "{{ 'a-b-c' | replace('-', '+') }} {{ 'aaaa' | replace('a', 'b', 2) }}"],
  ['reverse', "{{ 'abc' | reverse }} {{ [1, 2, 3] | reverse | list }}"],
  [
    'round',
    "{{ 2.5 | round }} {{ 3.5 | round }} {{ 3.14159 | round(2) }} {{ 2.1 | round(method='ceil') }} {{ 2.9 | round(method='floor') }} {{ 7 | round }} {{ 0.125 | round(2) }} {{ 1234.5678 | round(-2) }}",
  ],
  ['safe and string', "{{ '<b>' | safe }} {{ 42 | string }} {{ [1] | string }}"],
  ['slice', "{{ range(7) | slice(3) | list }} {{ [1, 2, 3, 4] | slice(3, 'x') | list }}"],
  [
    'sort',
    "{{ [3, 1, 2] | sort }} {{ ['b', 'A', 'c'] | sort }} {{ ['b', 'A', 'c'] | sort(case_sensitive=true) }} {{ [3, 1, 2] | sort(reverse=true) }}",
  ],
  [
    'sort by attribute',
    "{{ people | sort(attribute='age') | map(attribute='name') | join(',') }} {{ people | sort(attribute='city,name') | map(attribute='name') | join(',') }}",
    { people },
  ],
  ['striptags', "{{ '<p>Hello   <b>world</b></p>\\n<br/> &amp; more' | striptags }}"],
  [
    'sum',
    "{{ [1, 2, 3] | sum }} {{ [1, 2] | sum(start=10) }} {{ orders | sum(attribute='qty') }} {{ [0.1, 0.2] | sum }}",
    { orders },
  ],
  ['title', "{{ 'hello world-wide (web) o\\'neil' | title }}"],
  [
    'tojson',
    '{{ data | tojson }}',
    { data: { b: [1, 'two', null, true], a: "<script>'&'</script>", c: 'é' } },
  ],
  ['tojson indent', "{{ {'b': 1, 'a': [1, 2]} | tojson(2) }}"],
  ['tojson floats', '{{ [1, 2.5, 3.0, 1e20] | tojson }}'],
  ['trim', "[{{ '  x  ' | trim }}] [{{ '--x--' | trim('-') }}]"],
  [
    'truncate',
    "{{ 'The quick brown fox jumps over the lazy dog' | truncate(20) }}|{{ 'The quick brown fox' | truncate(9, true) }}|{{ 'short' | truncate(10) }}|{{ 'abcdefghijklmnop' | truncate(10, end='…', leeway=0) }}",
  ],
  [
    'unique',
    "{{ [1, 2, 1, 3, 2] | unique | list }} {{ ['a', 'A', 'b'] | unique | list }} {{ people | unique(attribute='city') | map(attribute='name') | list }}",
    { people },
  ],
  ['urlencode', "{{ 'a b&c/d' | urlencode }} {{ {'q': 'tea & cake', 'n': 2} | urlencode }}"],
  ['urlize', "{{ 'See https://example.com/a. or www.parley.dev, mail ada@example.com!' | urlize }}"],
  ['wordcount', "{{ 'one two  three-four' | wordcount }}"],
  ['wordwrap', "{{ 'The quick brown fox jumps over the lazy dog' | wordwrap(12) }}"],
  ['xmlattr', "<div{{ {'class': 'box', 'id': 'x', 'hidden': none} | xmlattr }}></div>"],
  ['chained filters', "{{ '  Hello World  ' | trim | lower | replace('world', 'there') | capitalize }}"],
  ['filter on expression', '{{ (price * qty) | round(2) }} {{ -1 | abs }}', { price: 4.25, qty: 3 }],

  // tests
  [
    'defined and undefined',
    '{{ x is defined }} {{ y is defined }} {{ y is undefined }} {{ x is not undefined }}',
    { x: 1 },
  ],
  [
    'none and boolean',
    '{{ none is none }} {{ 0 is none }} {{ true is boolean }} {{ 1 is boolean }} {{ false is false }} {{ true is true }}',
  ],
  [
    'number tests',
    '{{ 1 is number }} {{ 1.5 is float }} {{ 1 is integer }} {{ 1.0 is integer }} {{ "1" is number }}',
  ],
  [
    'parity and divisibility',
    '{{ 4 is even }} {{ 4 is odd }} {{ 9 is divisibleby 3 }} {{ 9 is divisibleby(4) }}',
  ],
  [
    'type tests',
    "{{ 'a' is string }} {{ [1] is sequence }} {{ {} is mapping }} {{ 'x' is iterable }} {{ 5 is iterable }} {{ {} is sequence }}",
  ],
  [
    'comparison tests',
    '{{ 3 is gt 2 }} {{ 3 is lt 2 }} {{ 3 is ge 3 }} {{ 3 is le 2 }} {{ 3 is eq 3 }} {{ 3 is ne 3 }} {{ 2 is equalto 2 }} {{ 1 is in [1, 2] }}',
  ],
  ['case tests', "{{ 'abc' is lower }} {{ 'ABC' is upper }} {{ 'Abc' is lower }}"],
  ['sameas', '{{ none is sameas none }} {{ true is sameas true }} {{ 1 is sameas true }}'],
  [
    'filter and test tests',
    "{{ 'upper' is filter }} {{ 'nope' is filter }} {{ 'odd' is test }} {{ 'nope' is test }}",
  ],
  ['callable test', '{% macro m() %}{% endmacro %}{{ m is callable }} {{ 1 is callable }}'],
  ['negated tests in conditions', '{% if x is not none and x is not string %}num{% endif %}', { x: 5 }],

  // Python string methods
  [
    'case methods',
    "{{ 'hello world'.upper() }} {{ 'HeLLo'.lower() }} {{ 'hello world'.title() }} {{ 'hELLO'.capitalize() }} {{ 'they\\'re bill\\'s'.title() }}",
  ],
  [
    'strip methods',
    "[{{ '  x  '.strip() }}] [{{ 'xxhixx'.strip('x') }}] [{{ '  x  '.lstrip() }}] [{{ '  x  '.rstrip() }}]",
  ],
  [
    'split methods',
    "{{ 'a,b,,c'.split(',') }} {{ '  a  b c '.split() }} {{ 'a b c'.split(' ', 1) }} {{ 'a-b-c'.rsplit('-', 1) }}",
  ],
  [
    'replace find count',
    "{{ 'banana'.replace('a', 'o') }} {{ 'banana'.replace('a', 'o', 1) }} {{ 'banana'.find('n') }} {{ 'banana'.find('z') }} {{ 'banana'.count('a') }} {{ 'banana'.rfind('a') }}",
  ],
  [
    'startswith endswith',
    "{{ 'hello'.startswith('he') }} {{ 'hello'.endswith(('x', 'lo')) }} {{ 'hello'.startswith('l', 2) }}",
  ],
  ['join method', "{{ ', '.join(['a', 'b', 'c']) }} {{ ''.join(items) }}", { items: ['x', 'y'] }],
  [
    'format method',
    "{{ '{} and {}'.format('tea', 'cake') }} {{ '{1}{0}'.format('a', 'b') }} {{ '{name} is {age}'.format(name='Ada', age=36) }}",
  ],
  [
    'format specs',
    "{{ '{:.2f}'.format(3.14159) }} {{ '{:>6}|{:<6}|{:^6}'.format('a', 'b', 'c') }} {{ '{:,}'.format(1234567) }} {{ '{:05d}'.format(42) }} {{ '{:.1%}'.format(0.256) }} {{ '{:x}'.format(255) }} {{ '{!r}'.format('q') }}",
  ],
  ['format attribute and index', "{{ '{0[first_name]} {0[tags][1]}'.format(user) }}", { user }],
  [
    'padding methods',
    "{{ '42'.zfill(5) }} {{ '-42'.zfill(5) }} {{ 'ab'.center(6, '*') }} {{ 'ab'.ljust(4, '.') }} {{ 'ab'.rjust(4) }}",
  ],
  [
    'is methods',
    "{{ '123'.isdigit() }} {{ '12a'.isdigit() }} {{ 'abc'.isalpha() }} {{ 'ab1'.isalnum() }} {{ '   '.isspace() }} {{ 'abc'.islower() }} {{ 'ABC'.isupper() }}",
  ],
  [
    'splitlines and partition',
    "{{ 'a\\nb\\r\\nc'.splitlines() }} {{ 'key=value=x'.partition('=') }} {{ 'no'.partition('=') }}",
  ],
  ['string indexing methods', "{{ 'hello'[0] | upper }}{{ 'hello'[1:] }} {{ 'hello'.index('l') }}"],

  // dict and list methods
  [
    'dict methods',
    "{{ d.keys() | list }} {{ d.values() | list }} {{ d.items() | list }} {{ d.get('a') }} {{ d.get('z') }} {{ d.get('z', 0) }}",
    { d: { a: 1, b: 2 } },
  ],
  [
    'dict update and setdefault',
    "{% set d = {'a': 1} %}{% set _ = d.update({'b': 2}) %}{% set _ = d.setdefault('c', 3) %}{{ d }}",
  ],
  [
    'list append and pop',
    '{% set xs = [1, 2] %}{% set _ = xs.append(3) %}{% set last = xs.pop() %}{{ xs }} {{ last }} {{ xs.index(2) }} {{ [1, 1, 2].count(1) }}',
  ],
  ['item access with method name key', "{{ d['items'] }} {{ d.keys() | list }}", { d: { items: 'field' } }],
  ['dict key order kept', "{{ {'z': 1, 'a': 2, 'm': 3} }}"],
  ['missing key is undefined', "[{{ d.nope }}] [{{ d['nope'] }}] {{ d.nope is defined }}", { d: {} }],
  ['dict literal with int keys', "{{ {1: 'one', 2: 'two'}[2] }} {{ {1: 'a'}[1.0] }}"],

  // loadjson
  [
    'loadjson json',
    '{% set o = payload | loadjson %}{{ o.name }} {{ o.items | length }} {{ o }}',
    { payload: '{"name": "Ada", "items": [1, 2.5, true, null]}' },
  ],
  [
    'loadjson single quotes',
    "{% set o = payload | loadjson %}{{ o['name'] }} {{ o }}",
    { payload: "{'name': 'Ada', 'ok': True, 'n': None}" },
  ],
  ['loadjson escaped apostrophe', '{{ (payload | loadjson).name }}', { payload: "{'name': 'O\\'Brien'}" }],
  [
    'loadjson apostrophe in double quotes',
    '{{ payload | loadjson }} {{ (payload2 | loadjson).msg }}',
    { payload: '"it\'s"', payload2: '{"msg": "it\'s here"}' },
  ],
  [
    'loadjson nested and floats',
    '{% set o = payload | loadjson %}{{ o.a.b[1] }} {{ o.price }} {{ o.whole }}',
    { payload: '{"a": {"b": [1, 2]}, "price": 9.99, "whole": 10.0}' },
  ],
  ['loadjson list', '{% for x in \'[1, "two", 3.5]\' | loadjson %}{{ x }};{% endfor %}'],

  // what bots say
  ['greeting with fallback name', "Hi {{ user.first_name | default('there') }}! 👋", { user: {} }],
  ['greeting with name', "Hi {{ user.first_name | default('there') }}! 👋", { user }],
  [
    'order summary',
    "{% for o in orders %}- {{ o.qty }} × {{ o.item | capitalize }}: ${{ '%.2f' | format(o.qty * o.price) }}\n{% endfor %}Total: ${{ '%.2f' | format(orders | sum(attribute='price')) }}",
    { orders },
  ],
  [
    'order count message',
    "You have {{ orders | length }} order{{ 's' if orders | length != 1 }}, {{ orders | selectattr('status', 'eq', 'shipped') | list | length }} shipped.",
    { orders },
  ],
  [
    'transcript',
    '{% for m in transcript %}{{ m.role | upper }}: {{ m.utterance }}\n{% endfor %}',
    {
      transcript: [
        { role: 'user', utterance: 'hi' },
        { role: 'bot', utterance: 'Hello! How can I help?' },
      ],
    },
  ],
  [
    'last user message',
    "{{ (transcript | selectattr('role', 'equalto', 'user') | list | last).utterance }}",
    {
      transcript: [
        { role: 'user', utterance: 'first' },
        { role: 'bot', utterance: 'x' },
        { role: 'user', utterance: 'second' },
      ],
    },
  ],
  [
    'webhook payload',
    '{"email": {{ user.email | tojson }}, "tags": {{ user.tags | tojson }}, "age": {{ user.age }}}',
    { user },
  ],
  [
    'phone formatting',
    "{% set d = phone | replace(' ', '') | replace('-', '') %}{{ d[:3] }}-{{ d[3:6] }}-{{ d[6:] }}",
    { phone: '555 123-4567' },
  ],
  [
    'conditional offer',
    '{% if cart_total > 50 %}Free shipping!{% elif cart_total > 20 %}Add ${{ 50 - cart_total }} for free shipping.{% else %}Shipping is $5.{% endif %}',
    { cart_total: 32 },
  ],
  [
    'business hours',
    "{% set open = 9 <= hour < 18 %}We are {{ 'open' if open else 'closed' }} now.",
    { hour: 20 },
  ],
  [
    'menu from list',
    '{% for option in options %}{{ loop.index }}. {{ option }}\n{% endfor %}Reply with a number.',
    { options: ['Track order', 'Talk to a human', 'FAQ'] },
  ],
  [
    'pluralize helper macro',
    "{% macro plural(n, word) %}{{ n }} {{ word }}{{ '' if n == 1 else 's' }}{% endmacro %}{{ plural(1, 'ticket') }}, {{ plural(3, 'ticket') }}",
  ],
  [
    'counting with namespace',
    "{% set ns = namespace(n=0) %}{% for o in orders if o.status == 'shipped' %}{% set ns.n = ns.n + o.qty %}{% endfor %}Shipped items: {{ ns.n }}",
    { orders },
  ],
  [
    'safe dictionary lookup',
    "{% set labels = {'en': 'Hello', 'es': 'Hola'} %}{{ labels.get(lang, labels['en']) }}",
    { lang: 'fr' },
  ],
  ['joined names', "{{ people | map(attribute='name') | map('capitalize') | join(', ') }}", { people }],

  // the sandbox's budgets change nothing for ordinary templates
  ['batch of zero', '{{ [1, 2, 3] | batch(0) | list }}'],
  ['batch with fill', "{{ [1, 2, 3] | batch(2, 'x') | list }}"],
  ['unique of mixed values', "{{ [1, 1.0, True, 'a', 'A', none, none, (1, 2), (1, 2), 2] | unique | list }}"],
  ['batch of a negative size', '{{ [1, 2, 3] | batch(-1) | list }}'],
  ['unique case-sensitive', "{{ ['a', 'A', 'a'] | unique(case_sensitive=true) | list }}"],
  ['length of an emoji text', "{{ 'héllo 👋' | length }}"],
  ['indent with a string', "{{ 'a\nb\n\nc' | indent('> ', first=true) }}"],
  ['replace growing', "{{ 'a-b-c' | replace('-', ' --- ') }}"],
  ['ljust and zfill', "{{ 'ab'.ljust(5, '*') }}|{{ '-42'.zfill(6) }}|{{ 'x'.center(6, '.') }}"],
  ['printf widths', "{{ '%-6s|%5d|%*s' % ('ab', 42, 4, 'c') }}"],
  ['format widths', "{{ '{:>6}|{:^7}|{:08.3f}'.format('ab', 'mid', 3.14159) }}"],
  // errors: syntax errors must be errors in both
  ['unclosed variable', 'Hello {{ name'],
  ['unclosed block', '{% if true %}yes'],
  ['unknown tag', '{% frobnicate %}'],
  ['stray end tag', 'text {% endfor %}'],
  ['mismatched end tag', '{% if true %}x{% endfor %}'],
  ['bad expression', '{{ 1 + }}'],
  ['unbalanced brackets', '{{ [1, 2 }}'],
  ['unclosed comment', 'a {# never closed'],
  ['chained tests', '{{ 1 is odd is even }}'],
  // errors at render time
  ['attribute of undefined', '{{ missing.attr }}'],
  ['division by zero', '{{ 1 / 0 }}'],
  ['unknown filter', '{{ 1 | frobnicate }}'],
  ['unknown test', '{{ 1 is frobnicate }}'],
  ['calling undefined', '{{ nothing() }}'],
  ['adding str and int', "{{ 'a' + 1 }}"],
  ['include unavailable', "{% include 'other.html' %}"],
  ['too many values to unpack', '{% set a, b = [1, 2, 3] %}'],
  ['iterating a number', '{% for x in 5 %}{% endfor %}'],
  ['unique of lists', '{{ [[1], [1]] | unique | list }}'],
  ['wordwrap to no width', "{{ 'some words here' | wordwrap(0) }}"],
];
