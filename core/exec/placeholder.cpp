// Placeholder until the first source lands (delete when another .cpp exists).
namespace graphlens::exec {}
