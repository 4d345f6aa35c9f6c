'use strict';
// Colleagues: the employee directory of the iOS 9 App Search tutorial on Linux.
// The directory is indexed at launch (for the app's own search); viewing an
// employee records it (becomeCurrent) as a "viewed record". The Indexing setting
// (the indexing preference) decides what the system search may show: nothing,
// viewed records only, or every employee ("All Records", the default).
//
//   searchlight run examples/colleagues/app.js                        the directory
//   searchlight run examples/colleagues/app.js settings viewedRecords Indexing setting
//   searchlight run examples/colleagues/app.js view e-1001            open Brent Reid
//   searchlight run examples/colleagues/app.js --activate e-1001      a search result opened
//   searchlight run examples/colleagues/app.js --continue engineering a search continued
// Then `searchlight search brent reid` shows what the system search sees.

const searchlight = require('searchlight');
const { EMPLOYEE_DOMAIN, employees, userActivity, searchableItem } = require('./employees');

/** What the system search shows under each setting. */
const SETTING_EFFECTS = {
  disabled: 'the system search shows no colleagues',
  viewedRecords: 'the system search shows the colleagues you viewed',
  allRecords: 'the system search shows every colleague',
};

const SETTING_NAMES = {
  disabled: 'Disabled',
  viewedRecords: 'Viewed Records',
  allRecords: 'All Records',
};

function employeeWithId(id) {
  return employees.find((employee) => employee.objectId === id) || null;
}

function fail(error) {
  console.error(`colleagues: ${error.code ? `${error.code}: ` : ''}${error.message}`);
  process.exitCode = 1;
}

async function showDirectory() {
  const preference = await searchlight.getIndexingPreference();
  console.log('');
  console.log(`━━ Colleagues ━━  (Indexing: ${SETTING_NAMES[preference]})`);
  employees.forEach((employee) =>
    console.log(`  ${employee.objectId}  ${employee.name.padEnd(15)} ${employee.department}, ${employee.title}`));
}

/** The employee screen (EmployeeViewController.viewDidLoad sets its user activity). */
async function showEmployee(employee) {
  const preference = await searchlight.getIndexingPreference();
  const eligibleForSearch = preference !== 'disabled'; // as the tutorial's viewDidLoad
  console.log('');
  console.log(`━━ ‹ Colleagues │ ${employee.name} ━━`);
  console.log(`  ${employee.title}, ${employee.department}`);
  console.log(`  phone   ${employee.phone}   [Call]`);
  console.log(`  email   ${employee.email}`);
  console.log(`  skills  ${employee.skills.join(', ')}`);
  await searchlight.becomeCurrent(userActivity(employee, eligibleForSearch));
  console.log(eligibleForSearch
    ? '  (this visit is now searchable: try `searchlight search ' + employee.name.toLowerCase() + '`)'
    : '  (Indexing is Disabled: this visit is not searchable)');
}

/** The Indexing setting (Settings › Colleagues › Indexing in the tutorial). */
async function changeSetting(preference) {
  if (!Object.prototype.hasOwnProperty.call(SETTING_NAMES, preference)) {
    throw new Error(`unknown Indexing setting "${preference}" (disabled, viewedRecords, allRecords)`);
  }
  await searchlight.setIndexingPreference(preference);
  console.log(`Colleagues: Indexing is now ${SETTING_NAMES[preference]}: ${SETTING_EFFECTS[preference]}`);
}

/** Index the directory, replacing what an earlier launch indexed. */
async function indexDirectory() {
  await searchlight.deleteItemsInDomains([EMPLOYEE_DOMAIN]);
  await searchlight.indexItems(employees.map(searchableItem));
}

async function showSearch(text) {
  const hits = await searchlight.search(text, { domains: [EMPLOYEE_DOMAIN] });
  console.log('');
  console.log(`━━ Colleagues matching "${text}" ━━`);
  if (hits.length === 0) console.log('  nobody');
  hits.forEach((hit) => console.log(`  ${hit.title.padEnd(15)} ${(hit.description || '').split('\n')[0]}`));
}

/** continueUserActivity: restore the employee named by the request's id. */
function handleRequest(request) {
  let screen;
  if (request.id === null) {
    screen = showSearch(request.query);
  } else {
    const employee = employeeWithId(request.id);
    screen = employee !== null ? showEmployee(employee) : showDirectory();
  }
  screen.catch(fail);
}

async function main() {
  const [command, argument] = process.argv.slice(2);
  searchlight.onReindexRequest(() => {
    indexDirectory().catch(fail);
  });
  await indexDirectory();
  const initial = await searchlight.getInitialRequest();
  // The request that started the app, if any, reaches this first listener too.
  searchlight.onRequest(handleRequest);
  if (initial !== null) return;
  if (command === undefined) {
    await showDirectory();
  } else if (command === 'view') {
    const employee = employeeWithId(argument);
    if (employee === null) throw new Error(`no employee "${argument}" (see the directory for ids)`);
    await showEmployee(employee);
  } else if (command === 'settings') {
    if (argument === undefined) {
      const preference = await searchlight.getIndexingPreference();
      console.log(`Indexing: ${SETTING_NAMES[preference]}: ${SETTING_EFFECTS[preference]}`);
    } else {
      await changeSetting(argument);
    }
  } else {
    throw new Error(`unknown command "${command}" (view ID, settings [PREFERENCE])`);
  }
}

main().catch(fail);
