// Python annotations that name one class beside None (`Optional[Store]`, `Store | None`,
// `Union[None, "Cache"]`), read as that class as jedi reads them; a union of two classes, a
// callable's return and a list's element name none (python-annotations.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { annotatedType } from '../../core/index/extract/languages/python-annotations.ts';
import { callEdgesOf } from '../helpers/graph-fixture.ts';

test('annotatedType: the one class an annotation names beside None, quoted or not, or a collection of one class', () => {
  const cases: Array<[string, string | undefined]> = [
    ['Store', 'Store'],
    ['models.Store', 'models.Store'],
    ['Store[T]', 'Store'],
    ['Optional[Store]', 'Store'],
    ['typing.Optional[models.Store]', 'models.Store'],
    ['t.Optional["Store"]', 'Store'],
    ['"Optional[Store]"', 'Store'],
    ['Store | None', 'Store'],
    ['None | Store', 'Store'],
    ["'Store | None'", 'Store'],
    ['Union[Store, None]', 'Store'],
    ['Union[None, "Cache"]', 'Cache'],
    ['Optional[Store | None]', 'Store'],
    ['Union[Store, Cache]', undefined],
    ['Store | Cache', undefined],
    ['Store | Cache | None', undefined],
    ['None', undefined],
    ['Optional[Store', undefined],
    ['Store] | None[', undefined],
    ['Callable[..., Store]', 'Callable'],
    ['Dict[str, Store]', 'Dict'],
    ['List[Store]', 'Store[]'],
    ['list["Store"]', 'Store[]'],
    ['typing.Sequence[models.Store]', 'models.Store[]'],
    ['Optional[List[Store]]', 'Store[]'],
    ['Iterable[Store | None]', 'Store[]'],
    ['Tuple[Store, ...]', 'Store[]'],
    ['Generator[Store, None, None]', 'Store[]'],
    ['Tuple[Store, Cache]', undefined],
    ['List[List[Store]]', undefined],
    ['List[Union[Store, Cache]]', undefined],
    ['x'.repeat(300), undefined],
  ];
  for (const [written, named] of cases) assert.equal(annotatedType(written), named, written);
});

test('annotatedType reads a long hostile annotation in time linear in its length, and names nothing past the cap', () => {
  assert.equal(annotatedType('Optional['.repeat(20) + 'Store' + ']'.repeat(20)), undefined);
  assert.equal(annotatedType('['.repeat(100_000)), undefined);
  assert.equal(annotatedType('|'.repeat(100_000)), undefined);
});

test('Python: a parameter, self.x and a function return annotated Optional[X], X | None or Union[X, None] hold an X; two classes and a callable hold none', async () => {
  assert.deepEqual(await callEdgesOf('py-optional'), [
    // `a: typing.Optional[Store]`, `b: Union[None, "Cache"]`, `c: Optional["Store"]`.
    'service.py::function::optional_forms::17 -> models.py::method::Cache.clear::10',
    'service.py::function::optional_forms::17 -> models.py::method::Store.put::2',
    // `kept = found()` with `-> Store | None`.
    'service.py::function::returned::27 -> models.py::method::Store.put::2',
    'service.py::function::returned::27 -> service.py::function::found::23',
    // `self.store = store` with `store: Optional[Store] = None`, `self.cache = cache` with `cache: "Cache | None" = None`.
    'service.py::method::Service.save::12 -> models.py::method::Cache.clear::10',
    'service.py::method::Service.save::12 -> models.py::method::Store.put::2',
  ]);
});

test('Python: a name annotated List[X], Sequence[X], Iterable[X] or Tuple[X, ...] holds Xs, which a for loop or an index reads; a union element, a dict, a nested list, a pattern and the collection itself reach none', async () => {
  assert.deepEqual(await callEdgesOf('py-collections'), [
    // `for piece in split()` with `split() -> List[Text]`.
    'lines.py::function::from_call::22 -> lines.py::function::split::18',
    'lines.py::function::from_call::22 -> models.py::method::Text.rstrip::2',
    // `texts[0]` of `Tuple[Text, ...]`, `for cache in caches` of `Sequence["Cache"]`.
    'lines.py::function::pairs::27 -> models.py::method::Cache.clear::7',
    'lines.py::function::pairs::27 -> models.py::method::Text.rstrip::2',
    // `self._lines[0]` and `for line in self._lines`, with `self._lines: List[Text]`.
    'lines.py::method::Lines.first::14 -> models.py::method::Text.rstrip::2',
    'lines.py::method::Lines.strip_all::10 -> models.py::method::Text.rstrip::2',
  ]);
});
