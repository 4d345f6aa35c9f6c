'use strict';
// Colleagues' directory (the iOS 9 App Search tutorial's EmployeeKit), and how an
// employee becomes a viewed record (NSUserActivity) or an indexed item.

/** Employee.domainIdentifier: the activity type of viewing an employee. */
const EMPLOYEE_ACTIVITY = 'com.raywenderlich.colleagues.employee';
/** The domain of the indexed directory (what "All Records" lets the system search show). */
const EMPLOYEE_DOMAIN = 'com.raywenderlich.colleagues.directory';

const employees = [
  {
    objectId: 'e-1001', name: 'Brent Reid', department: 'Engineering', title: 'iOS Developer',
    phone: '+1 555 0100 101', email: 'brent.reid@colleagues.example', skills: ['Swift', 'Core Spotlight', 'Handoff'],
  },
  {
    objectId: 'e-1002', name: 'Ana Souza', department: 'Design', title: 'Product Designer',
    phone: '+1 555 0100 102', email: 'ana.souza@colleagues.example', skills: ['Sketch', 'Prototyping', 'Typography'],
  },
  {
    objectId: 'e-1003', name: 'Kenji Watanabe', department: 'Engineering', title: 'Backend Developer',
    phone: '+1 555 0100 103', email: 'kenji.watanabe@colleagues.example', skills: ['Go', 'PostgreSQL', 'Kubernetes'],
  },
  {
    objectId: 'e-1004', name: 'Brenda Okoye', department: 'Sales', title: 'Account Executive',
    phone: '+1 555 0100 104', email: 'brenda.okoye@colleagues.example', skills: ['Negotiation', 'CRM', 'French'],
  },
  {
    objectId: 'e-1005', name: 'Lars Eriksson', department: 'Finance', title: 'Controller',
    phone: '+1 555 0100 105', email: 'lars.eriksson@colleagues.example', skills: ['Budgeting', 'Excel', 'Audit'],
  },
];

/** The employee's CSSearchableItemAttributeSet: contact, description, phone, email, skills. */
function attributeSet(employee) {
  return {
    title: employee.name,
    description: `${employee.department}, ${employee.title}\n${employee.phone}`,
    contentType: 'public.contact',
    supportsPhoneCall: true,
    phoneNumbers: [employee.phone],
    emailAddresses: [employee.email],
    keywords: employee.skills,
  };
}

/** Employee.userActivity: searchable only when the indexing preference allows it. */
function userActivity(employee, eligibleForSearch) {
  return {
    activityType: EMPLOYEE_ACTIVITY,
    userInfo: { id: employee.objectId },
    relatedUniqueIdentifier: employee.objectId,
    eligibleForSearch,
    ...attributeSet(employee),
    keywords: [employee.email, employee.department].concat(employee.skills),
  };
}

/** The employee as an indexed item (indexed before anyone views it). */
function searchableItem(employee) {
  return { id: employee.objectId, domain: EMPLOYEE_DOMAIN, ...attributeSet(employee) };
}

module.exports = { EMPLOYEE_ACTIVITY, EMPLOYEE_DOMAIN, employees, userActivity, searchableItem };
