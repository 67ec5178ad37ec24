// A class or interface extending a generic base with type arguments (`class UserRepo extends
// Repo<User>`, `interface UserSource extends Source<User>`) binds the base's parameters for what
// it inherits: `users.find().save()` with `find(): T` is User's, a callback's parameter typed T
// too, and a parameter passed on (`Keyed<K, T> extends Repo<T>`) is what the value binds it to.
// An override's own declared return is read instead; a member typed `T[]` is a collection of the
// argument (`bag.list()[0]`, `bag.items.forEach(...)`). On fixture tests/fixtures/graph/ts-generic-bases/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callEdgesFrom } from '../helpers/graph-fixture.ts';

test("a generic base's members are read with the type arguments the heritage clause writes", async () => {
  assert.deepEqual(await callEdgesFrom('ts-generic-bases', 'src/use.ts'), [
    'src/use.ts::function::saveCurrent::13 -> src/models.ts::method::Order.save::5',
    'src/use.ts::function::saveEach::9 -> src/base.ts::method::Repo.each::6',
    'src/use.ts::function::saveEach::9 -> src/models.ts::method::User.save::2',
    'src/use.ts::function::saveFound::5 -> src/base.ts::method::Repo.find::3',
    'src/use.ts::function::saveFound::5 -> src/models.ts::method::User.save::2',
    'src/use.ts::function::saveKeyed::17 -> src/base.ts::method::Repo.find::3',
    'src/use.ts::function::saveKeyed::17 -> src/models.ts::method::Order.save::5',
    'src/use.ts::function::saveListed::29 -> src/base.ts::method::Bag.list::23',
    'src/use.ts::function::saveListed::29 -> src/models.ts::method::User.save::2',
    'src/use.ts::function::saveLoose::21 -> src/repos.ts::method::LooseRepo.find::12',
    'src/use.ts::function::saveRead::25 -> src/base.ts::method::Source.read::17',
    'src/use.ts::function::saveRead::25 -> src/models.ts::method::User.save::2',
  ]);
});

test('super is the class extended, seen with the arguments its clause writes', async () => {
  assert.deepEqual(await callEdgesFrom('ts-generic-bases', 'src/repos.ts'), [
    'src/repos.ts::method::AuditedRepo.audit::19 -> src/base.ts::method::Repo.find::3',
    'src/repos.ts::method::AuditedRepo.audit::19 -> src/models.ts::method::User.save::2',
  ]);
});
