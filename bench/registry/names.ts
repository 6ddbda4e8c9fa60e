/**
 * Word lists the registry generator draws from. The name lists are ordered roughly by US frequency:
 * the generator picks from them with a skew toward the start, so common names are common.
 */

/** Words separated by white space; `_` stands for a space inside one. */
const words = (list: string): string[] =>
  list
    .trim()
    .split(/\s+/)
    .map((w) => w.replaceAll('_', ' '));

export const lastNames = words(`
Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez
Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark
Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams
Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker
Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper
Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James
Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez
Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez
Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole
Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens
Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker
Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz
Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice
Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley
O'Brien Spencer Hawkins Hudson Arnold Pierce Hansen Peters Santos Hart Bradley Knight Elliott
Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins
Hoffman Johnston Matthews Pena Richards Contreras Willis Carpenter Lawrence Sandoval Guerrero George
Chapman Rios Estrada Ortega Watkins Greene Nunez Wheeler Valdez Harper Burke Larson Santiago
Maldonado Morrison Franklin Carlson Austin Dominguez Carr Lawson Jacobs Obrien Lynch Singh Vega
Bishop Montgomery Oliver Jensen Harvey Williamson Gilbert Dean Sims Espinoza Howell Li Wong Reid
Hanson Le McCoy Garrett Burton Fuller Wang Weber Welch Rojas Lucas Marquez Fields Park Yang Little
Banks Padilla Day Walsh Bowman Schultz Luna Fowler Mejia Davidson Acosta Brewer May Holland Juarez
Newman Pearson Curtis Cortez Douglas Schneider Joseph Barrett
`);

export const firstNames = words(`
James Mary Michael Patricia Robert Jennifer John Linda David Elizabeth William Barbara Richard Susan
Joseph Jessica Thomas Karen Christopher Sarah Charles Lisa Daniel Nancy Matthew Sandra Anthony Betty
Mark Ashley Donald Emily Steven Kimberly Andrew Margaret Paul Donna Joshua Michelle Kenneth Carol
Kevin Amanda Brian Melissa Timothy Deborah Ronald Stephanie George Rebecca Jason Sharon Edward Laura
Jeffrey Cynthia Ryan Dorothy Jacob Amy Nicholas Kathleen Gary Angela Eric Shirley Jonathan Emma
Stephen Brenda Larry Pamela Justin Nicole Scott Anna Brandon Samantha Benjamin Katherine Samuel
Christine Gregory Debra Alexander Rachel Patrick Carolyn Frank Janet Raymond Maria Jack Olivia
Dennis Heather Jerry Helen Tyler Catherine Aaron Diane Jose Julie Adam Victoria Nathan Joyce Henry
Lauren Zachary Kelly Douglas Christina Peter Ruth Kyle Joan Noah Virginia Ethan Judith Jeremy Evelyn
Christian Hannah Walter Andrea Keith Megan Austin Cheryl Roger Jacqueline Terry Madison Sean Teresa
Gerald Abigail Carl Sophia Dylan Martha Harold Sara Jordan Gloria Jesse Janice Bryan Kathryn
Lawrence Ann Arthur Isabella Gabriel Judy Bruce Charlotte Logan Julia Billy Grace Joe Amber Alan
Alice Juan Jean Elijah Denise Willie Frances Albert Danielle Wayne Marilyn Randy Natalie Mason
Beverly Vincent Diana Liam Brittany Roy Theresa Bobby Kayla Caleb Alexis Bradley Doris Russell Lori
Lucas Tiffany Carlos Luis Miguel Jesus Guadalupe Rosa Ana Mateo Diego
`);

/** Syllables for a long tail of rarer surnames (about 3,000 combinations). */
export const surnameParts = {
  start: words('Ka Mo Ber Hal Wil Str Dra Fen Gor Lin Mar Ost Pel Ros Sol Tam Vor Zel Bra Cor'),
  middle: words('an el or in ar en ov is um et'),
  end: words('son sky berg ton ley wood man ez ini ford well stein ski hart field'),
};

export const emailDomains = words(`
gmail.com gmail.com gmail.com yahoo.com outlook.com hotmail.com icloud.com aol.com att.net
sbcglobal.net comcast.net protonmail.com
`);

export const streetNames = words(`
Main Oak Pine Maple Cedar Elm Washington Lake Hill Park Ranch Pecan Mesquite Bluebonnet Live_Oak
Cypress Willow Sunset Church Mill River Highland Meadow Lincoln Jefferson Travis Houston Lamar Bowie
Crockett
`);

export const streetSuffixes = words(`
St Ave Dr Ln Rd Blvd Ct Way Trl Cir Pkwy Loop
`);

/** How a service is named after its city: "Austin EMS", "Round Rock Fire Department". */
export const serviceKinds = words(`
EMS Fire_Department Volunteer_Fire_Department Fire_Rescue Ambulance_Service
Emergency_Medical_Services Fire_&_EMS First_Responders Rescue_Squad Hospital_EMS
`);

/** How a private service is named after a family name: "Garza Medical Transport". */
export const companyKinds = words(`
Ambulance Medical_Transport EMS,_LLC Ambulance_Service,_Inc. Air_Medical
`);

export const vehicleMakes: [make: string, models: string[], wmi: string][] = [
  ['Ford', ['E-450', 'F-450', 'F-550', 'Transit 350HD'], '1FD'],
  ['Chevrolet', ['G4500', 'Silverado 4500HD', 'Express 3500'], '1GB'],
  ['Ram', ['ProMaster 3500', '4500', '5500'], '3C7'],
  ['Freightliner', ['M2 106', 'Sprinter 3500'], '1FV'],
  ['International', ['MV607', 'TerraStar', 'CV515'], '1HT'],
  ['Mercedes-Benz', ['Sprinter 3500', 'Sprinter 4500'], 'WD3'],
  ['Pierce', ['Enforcer', 'Velocity'], '4P1'],
];
